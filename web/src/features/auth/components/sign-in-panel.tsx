import { LogoMark } from '../../../components/logo.js';
import { SignInForm } from './sign-in-form.js';

/** The centred sign-in component shown in /ai when nobody is signed in. */
export function LocalSignInPanel() {
  return (
    <div className="w-full max-w-md rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8">
      <div className="mb-6 flex flex-col items-center text-center">
        <LogoMark className="mb-3 size-11" />
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">Sign in to Craftwell</h1>
        <p className="mt-1 text-sm text-slate-500">Your AI tools are one step away.</p>
      </div>
      <SignInForm />
    </div>
  );
}
