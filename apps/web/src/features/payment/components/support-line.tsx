import { usePublicConfig } from '@/lib/public-config';

/** '… {email}' with the support address from GET /config/public (a fallback until it answers). */
export function SupportLine({ text }: { text: string }) {
  const { supportEmail } = usePublicConfig();
  return (
    <p className="text-sm">
      {text}{' '}
      <a
        href={`mailto:${supportEmail}`}
        className="font-medium whitespace-nowrap text-primary underline underline-offset-4"
      >
        {supportEmail}
      </a>
    </p>
  );
}
