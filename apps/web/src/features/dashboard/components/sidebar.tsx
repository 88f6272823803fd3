import { Menu, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { overlayClasses } from '@/components/ui/dialog';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { readCookie } from '@/lib/api-client';
import { cn } from '@/lib/cn';

/** Spec 9: state kept in a cookie for 7 days; widths 16rem, 18rem on mobile, 3rem as icons. */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_SHORTCUT = 'b';
export const MOBILE_QUERY = '(max-width: 767px)';

// Environments without matchMedia (some embedded browsers, tests) get the desktop layout.
function mobileQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(MOBILE_QUERY) : null;
}

function subscribeMobile(listener: () => void): () => void {
  const query = mobileQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

/** Below the 768 px breakpoint the sidebar becomes a sheet opened from a menu button. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeMobile,
    () => mobileQuery()?.matches ?? false,
    () => false,
  );
}

interface SidebarContextValue {
  /** Desktop: expanded (true) or icons only. */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Mobile: the sheet is shown. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside SidebarProvider');
  return context;
}

function writeSidebarCookie(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(() => readCookie(SIDEBAR_COOKIE) !== 'false');
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeSidebarCookie(value);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_SHORTCUT && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  // A sheet left open while the window grows past the breakpoint would lock scrolling unseen.
  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  const value = useMemo(
    () => ({ open, setOpen, openMobile, setOpenMobile, isMobile, toggle }),
    [open, setOpen, openMobile, isMobile, toggle],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        style={
          {
            '--sidebar-width': SIDEBAR_WIDTH,
            '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE,
            '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
          } as CSSProperties
        }
        className="flex w-full flex-1"
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

interface SidebarProps {
  id: string;
  label: string;
  /** Rendered in the desktop column and in the mobile sheet; told which one it is in. */
  children: (placement: { collapsed: boolean; mobile: boolean }) => ReactNode;
}

export function Sidebar({ id, label, children }: SidebarProps) {
  const { t } = useTranslation('dashboard');
  const { open, openMobile, setOpenMobile, isMobile } = useSidebar();

  if (isMobile) {
    return (
      <DialogPrimitive.Root open={openMobile} onOpenChange={setOpenMobile}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className={overlayClasses} />
          <DialogPrimitive.Content
            id={id}
            aria-label={label}
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-(--sidebar-width-mobile) max-w-[calc(100vw-2.5rem)] flex-col overflow-y-auto border-r border-border bg-card text-card-foreground shadow-2xl focus:outline-none"
            style={{ '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE } as CSSProperties}
          >
            <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button
                variant="ghost"
                size="icon"
                className="absolute top-2 right-2"
                aria-label={t('sidebar.close')}
              >
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
            {children({ collapsed: false, mobile: true })}
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
  }

  // The column runs the page's full height down to the footer (its colour and border with it);
  // the sidebar inside stays in view while the page scrolls, and scrolls itself when the offer form
  // (with the hearing details and what is missing) is taller than the window.
  return (
    <div
      data-sidebar-column=""
      className={cn(
        'hidden shrink-0 border-r border-border bg-card text-card-foreground transition-[width] duration-200 md:block',
        open ? 'w-(--sidebar-width)' : 'w-(--sidebar-width-icon)',
      )}
    >
      <aside
        id={id}
        aria-label={label}
        data-state={open ? 'expanded' : 'collapsed'}
        className="sticky top-16 z-10 flex h-[calc(100dvh-4rem)] flex-col overflow-y-auto overscroll-contain"
      >
        {children({ collapsed: !open, mobile: false })}
      </aside>
    </div>
  );
}

/** Desktop: collapses to icons. Mobile: opens the sheet. Both also answer Ctrl/Cmd+B. */
export function SidebarTrigger({ controls, className }: { controls: string; className?: string }) {
  const { t } = useTranslation('dashboard');
  const { open, openMobile, isMobile, toggle } = useSidebar();
  const expanded = isMobile ? openMobile : open;
  const label = isMobile ? t('sidebar.openMenu') : expanded ? t('sidebar.collapse') : t('sidebar.expand');
  const Icon = isMobile ? Menu : expanded ? PanelLeftClose : PanelLeftOpen;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={label}
          aria-expanded={expanded}
          aria-controls={controls}
          aria-keyshortcuts="Control+B Meta+B"
          onClick={toggle}
          className={className}
        >
          <Icon aria-hidden="true" />
        </Button>
      </TooltipTrigger>
      <TooltipContent side="right">{t('sidebar.shortcut')}</TooltipContent>
    </Tooltip>
  );
}
