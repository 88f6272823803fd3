import {
  BadgePercent,
  BellRing,
  ClipboardList,
  History,
  IdCard,
  Quote,
  ReceiptText,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { paths, stripLanguage, useLocalizedHref } from '@/config/paths';
import { ThemeRadioGroup } from '@/components/layout/theme-radio-group';
import { cn } from '@/lib/cn';
import { LogoutButton } from '../components/logout-button';
import { OfferLinkPanel } from '../components/offer-link-panel';
import { Sidebar, SidebarProvider, SidebarTrigger, useSidebar } from '../components/sidebar';

const SIDEBAR_ID = 'dashboard-sidebar';

type TabKey = 'profile' | 'billing' | 'plan' | 'offers' | 'board' | 'alerts' | 'references' | 'data';

const TABS: readonly { key: TabKey; href: string; icon: LucideIcon }[] = [
  { key: 'profile', href: paths.dashboard.profile.getHref(), icon: IdCard },
  { key: 'billing', href: paths.dashboard.billing.getHref(), icon: ReceiptText },
  { key: 'plan', href: paths.dashboard.plan.getHref(), icon: BadgePercent },
  { key: 'offers', href: paths.dashboard.offers.getHref(), icon: History },
  { key: 'board', href: paths.dashboard.board.getHref(), icon: ClipboardList },
  { key: 'alerts', href: paths.dashboard.alerts.getHref(), icon: BellRing },
  { key: 'references', href: paths.dashboard.references.getHref(), icon: Quote },
  { key: 'data', href: paths.dashboard.data.getHref(), icon: ShieldCheck },
];

const TAB_LABELS = {
  profile: 'tabs.profile',
  billing: 'tabs.billing',
  plan: 'tabs.plan',
  offers: 'tabs.offers',
  board: 'tabs.board',
  alerts: 'tabs.alerts',
  references: 'tabs.references',
  data: 'tabs.data',
} as const satisfies Record<TabKey, string>;

function SidebarNav({ collapsed, mobile }: { collapsed: boolean; mobile: boolean }) {
  const { t } = useTranslation('dashboard');
  const href = useLocalizedHref();
  const { setOpenMobile } = useSidebar();

  return (
    <nav aria-label={t('sidebar.navLabel')} className="p-2">
      <ul className="flex flex-col gap-1">
        {TABS.map(({ key, href: tabHref, icon: Icon }) => {
          const link = (
            <NavLink
              to={href(tabHref)}
              onClick={() => mobile && setOpenMobile(false)}
              aria-label={collapsed ? t(TAB_LABELS[key]) : undefined}
              className={({ isActive }) =>
                cn(
                  'flex h-10 items-center gap-3 rounded-md text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                  collapsed ? 'w-9 justify-center' : 'px-3',
                  isActive
                    ? 'bg-secondary text-secondary-foreground'
                    : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {!collapsed && <span className="truncate">{t(TAB_LABELS[key])}</span>}
            </NavLink>
          );
          return (
            <li key={key}>
              {collapsed ? (
                <Tooltip>
                  <TooltipTrigger asChild>{link}</TooltipTrigger>
                  <TooltipContent side="right">{t(TAB_LABELS[key])}</TooltipContent>
                </Tooltip>
              ) : (
                link
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SidebarBody({
  collapsed,
  mobile,
  offerForm,
}: {
  collapsed: boolean;
  mobile: boolean;
  offerForm?: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="flex min-h-full flex-col gap-2 pb-3">
      <div
        className={cn(
          'flex h-14 items-center border-b border-border',
          collapsed ? 'justify-center' : 'gap-2 px-4',
        )}
      >
        {!collapsed && <p className="mr-auto truncate font-semibold">{t('sidebar.title')}</p>}
        {!mobile && <SidebarTrigger controls={SIDEBAR_ID} />}
      </div>
      <SidebarNav collapsed={collapsed} mobile={mobile} />
      {!collapsed && (
        <OfferLinkPanel footer={mobile ? <LogoutButton className="mt-1" /> : undefined}>
          {offerForm}
        </OfferLinkPanel>
      )}
      {/* On a phone this is the page's only menu (the site menu button is hidden): the theme too. */}
      {mobile && (
        <div className="mx-2 border-t border-border px-2 pt-4">
          <ThemeRadioGroup />
        </div>
      )}
      {!mobile && (
        <div className={cn('mt-auto border-t border-border px-2 pt-3', collapsed && 'flex justify-center')}>
          <LogoutButton collapsed={collapsed} />
        </div>
      )}
    </div>
  );
}

function MobileBar() {
  const { t } = useTranslation('dashboard');
  const { pathname } = useLocation();
  const { isMobile } = useSidebar();
  const current = TABS.find((tab) => stripLanguage(pathname).startsWith(tab.href));
  if (!isMobile) return null;
  return (
    <div className="sticky top-16 z-20 flex h-12 items-center gap-2 border-b border-border bg-background/95 px-2 backdrop-blur md:hidden">
      <SidebarTrigger controls={SIDEBAR_ID} />
      <span className="truncate text-sm font-medium">
        {current ? t(TAB_LABELS[current.key]) : t('sidebar.title')}
      </span>
    </div>
  );
}

/**
 * /dashboard/*: the sidebar with the three tabs and the offer panel, and the current tab. The
 * app mounts the offers feature's form into the panel through `offerForm`.
 */
export function DashboardLayout({ offerForm }: { offerForm?: ReactNode } = {}) {
  const { t } = useTranslation('dashboard');
  return (
    <SidebarProvider>
      <Sidebar id={SIDEBAR_ID} label={t('sidebar.label')}>
        {(placement) => <SidebarBody {...placement} offerForm={offerForm} />}
      </Sidebar>
      <div className="flex min-w-0 flex-1 flex-col">
        <MobileBar />
        <div className="relative flex flex-1 flex-col">
          <Outlet />
        </div>
      </div>
    </SidebarProvider>
  );
}
