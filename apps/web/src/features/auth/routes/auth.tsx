import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageMeta } from '@/components/seo/page-meta';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths, stripLanguage } from '@/config/paths';
import { HowItWorks } from '../components/how-it-works';
import { LoginForm } from '../components/login-form';
import { ReferenceCard } from '../components/reference-card';
import { RegisterForm } from '../components/register-form';

type Tab = 'login' | 'register';

/** /auth/register opens the register tab (the marketing pages link there); anything else, login. */
function tabOf(pathname: string): Tab {
  return stripLanguage(pathname).replace(/\/+$/, '') === paths.auth.register.path ? 'register' : 'login';
}

export function Component() {
  const { t } = useTranslation('auth');
  const { pathname } = useLocation();
  const [tab, setTab] = useState<Tab>(() => tabOf(pathname));
  // /auth/login and /auth/register share this route, so a link between them keeps the page
  // mounted: the tab follows the address when it changes, and only then (a tab pressed before the
  // app ran is not undone when the page starts).
  const [tabFor, setTabFor] = useState(pathname);
  if (tabFor !== pathname) {
    setTabFor(pathname);
    setTab(tabOf(pathname));
  }

  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <div className="flex-1 bg-linear-to-b from-hero-from to-hero-to">
        <div className="mx-auto grid w-full max-w-6xl items-start gap-6 px-4 py-8 sm:py-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:gap-x-12 lg:gap-y-8 lg:py-16">
          <header className="flex flex-col gap-2 lg:col-span-2">
            <p className="text-sm font-semibold tracking-wide text-accent-text uppercase">
              {t('page.eyebrow')}
            </p>
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t('page.title')}</h1>
            <p className="max-w-prose text-muted-foreground">{t('page.lead')}</p>
          </header>
          <Card className="w-full max-w-xl p-5 sm:p-8">
            <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
              <TabsList aria-label={t('page.tabsLabel')} layout="two-columns">
                <TabsTrigger value="login">{t('page.loginTab')}</TabsTrigger>
                <TabsTrigger value="register">{t('page.registerTab')}</TabsTrigger>
              </TabsList>
              <TabsContent value="login" spacing="lg">
                <LoginForm onSwitch={() => setTab('register')} />
              </TabsContent>
              <TabsContent value="register" spacing="lg">
                <RegisterForm onSwitch={() => setTab('login')} />
              </TabsContent>
            </Tabs>
          </Card>
          <aside className="flex flex-col gap-6" aria-label={t('howItWorks.title')}>
            <HowItWorks />
            <ReferenceCard />
          </aside>
        </div>
      </div>
    </>
  );
}

export default Component;

/**
 * The translation namespaces the page needs before it renders (decision 016). The error catalogue
 * comes with the forms' rules or a failed Google sign-in (decision 062).
 */
export const handle = { i18n: ['auth'] };
