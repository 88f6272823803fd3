import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

/**
 * Routes whose features are still being built. Each is lazily loaded; when a feature lands,
 * its route in router.tsx points at the feature module instead and the export here goes.
 */
function Pending({ page }: { page: string }) {
  const { t } = useTranslation('common');
  return <PlaceholderPage title={t(`pages.${page}`)} />;
}

export const About = () => <Pending page="about" />;
export const Contact = () => <Pending page="contact" />;
export const Faq = () => <Pending page="faq" />;
export const Features = () => <Pending page="features" />;
export const Pricing = () => <Pending page="pricing" />;
export const ForLawyers = () => <Pending page="forLawyers" />;
export const ForLawFirms = () => <Pending page="forLawFirms" />;
