import { ClipboardList, FilePlus2, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths, useLocalizedHref } from '@/config/paths';
import { cn } from '@/lib/cn';

const LINKS = [
  { key: 'board', href: paths.dashboard.board.getHref(), icon: ClipboardList },
  { key: 'new', href: paths.dashboard.boardNew.getHref(), icon: FilePlus2 },
  { key: 'mine', href: paths.dashboard.boardMine.getHref(), icon: Inbox },
] as const;

/** The board's three pages: the substitute's board, posting a request, my requests. */
export function BoardNav() {
  const { t } = useTranslation('board');
  const href = useLocalizedHref();
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="flex flex-wrap gap-2">
        {LINKS.map(({ key, href: to, icon: Icon }) => (
          <li key={key}>
            <NavLink
              to={href(to)}
              end
              className={({ isActive }) =>
                cn(
                  'inline-flex h-9 items-center gap-2 rounded-md border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  isActive
                    ? 'border-transparent bg-primary text-primary-foreground'
                    : 'border-input bg-card hover:bg-muted',
                )
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(`nav.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
