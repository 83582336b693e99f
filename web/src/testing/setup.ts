import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach } from 'vitest';

// jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// findBy*/waitFor wait up to 5 s: the machine is shared with heavy server suites.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  // Toasts live in react-hot-toast's module-level store, which files in one worker share.
  act(() => toast.remove());
  cleanup();
  localStorage.clear();
});
