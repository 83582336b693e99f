import { formatDateTime } from '../../lib/format-date-time.js';
import { useApiData } from '../../lib/use-api-data.js';
import { RevocableList } from '../../components/revocable-list.js';
import { SettingsSection } from '../account/components/settings-section.js';

type ListedLink = { id: string; creationType: string; creationPrompt: string; expiresAt: string | null; expired: boolean; hasPassword: boolean; createdAt: string };

/** The account's share links that are not revoked, each with Revoke. */
export function ShareLinksSection() {
  const { data, error, reload } = useApiData<{ links: ListedLink[] }>('/api/share-links');
  return (
    <SettingsSection title="Share links" description="Links that show one of your creations to anyone who has them. Create them from a creation on your dashboard.">
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
      <RevocableList
        items={data?.links ?? []}
        noun="share link"
        emptyText="No share links yet."
        nameOf={(link) => link.creationPrompt}
        revokeLabelOf={(link) => `Revoke the link to ${link.creationPrompt}`}
        detailOf={(link) => (
          <>
            created {formatDateTime(link.createdAt)} · {link.expired ? 'expired' : link.expiresAt ? `expires ${formatDateTime(link.expiresAt)}` : 'no expiry'}
            {link.hasPassword ? ' · password' : ''}
          </>
        )}
        pathOf={(link) => `/api/share-links/${link.id}`}
        consequence={() => 'Anyone opening it sees that it has been revoked, at once.'}
        onRevoked={reload}
      />
    </SettingsSection>
  );
}
