import { usePortalConfig } from '../app/portalConfigContext';

/** The external support site in a full-size frame (spec §2 /support). */
export default function SupportPage() {
  const { supportSiteUrl } = usePortalConfig();
  return (
    <main style={{ position: 'fixed', inset: 0 }}>
      <iframe
        title="Support site"
        src={supportSiteUrl}
        style={{ width: '100%', height: '100%', border: 0, display: 'block' }}
      />
    </main>
  );
}
