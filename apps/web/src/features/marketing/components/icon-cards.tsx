import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** Keys of the card's texts in the page's namespace, written out so the locale check finds them. */
export interface IconCardItem {
  title: string;
  description: string;
  Icon: LucideIcon;
}

/**
 * `namespace`: the page's texts (each marketing page has its own); `columns` 'md-3': three from
 * tablet width up (the home page); `raised` lifts a card on hover.
 */
export function IconCards({
  namespace,
  items,
  columns = 3,
  raised = false,
}: {
  namespace: string;
  items: readonly IconCardItem[];
  columns?: 3 | 4 | 'md-3';
  raised?: boolean;
}) {
  const { t } = useTranslation(namespace);
  const grid =
    columns === 'md-3'
      ? 'md:grid-cols-3'
      : cn('sm:grid-cols-2', columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3');
  return (
    <ul className={cn('grid gap-6', grid)}>
      {items.map(({ title, description, Icon }) => (
        <li key={title}>
          <Card className={cn('h-full', raised && 'transition-shadow hover:shadow-md')}>
            <CardHeader layout="stack-loose">
              <span className="flex size-12 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <CardTitle>{t(title)}</CardTitle>
              <CardDescription size="base">{t(description)}</CardDescription>
            </CardHeader>
          </Card>
        </li>
      ))}
    </ul>
  );
}
