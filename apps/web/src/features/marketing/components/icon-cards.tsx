import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** A card's key names its texts: `${prefix}.${key}.title` and `.description` of the marketing namespace. */
export interface IconCardItem {
  key: string;
  Icon: LucideIcon;
}

export function IconCards({
  prefix,
  items,
  columns = 3,
}: {
  prefix: string;
  items: readonly IconCardItem[];
  columns?: 3 | 4;
}) {
  const { t } = useTranslation('marketing');
  return (
    <ul className={cn('grid gap-6 sm:grid-cols-2', columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3')}>
      {items.map(({ key, Icon }) => (
        <li key={key}>
          <Card className="h-full">
            <CardHeader className="gap-3">
              <span className="flex size-12 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <CardTitle>{t(`${prefix}.${key}.title`)}</CardTitle>
              <CardDescription className="text-base">{t(`${prefix}.${key}.description`)}</CardDescription>
            </CardHeader>
          </Card>
        </li>
      ))}
    </ul>
  );
}
