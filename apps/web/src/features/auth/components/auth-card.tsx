import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

const TONES = {
  default: 'bg-secondary text-secondary-foreground',
  success: 'bg-success/15 text-success',
  error: 'bg-destructive/15 text-destructive',
} as const;

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  tone?: keyof typeof TONES;
  children?: ReactNode;
}

/** One centred card with the page's <h1>: the layout of every account page except /auth. */
export function AuthCard({ title, description, icon: Icon, tone = 'default', children }: AuthCardProps) {
  return (
    <section className="flex flex-1 items-start justify-center bg-linear-to-b from-hero-from to-hero-to px-4 py-10 sm:items-center sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="flex flex-col gap-6">
          <div className="flex flex-col items-center gap-4 text-center">
            {Icon && (
              <span className={cn('flex size-14 items-center justify-center rounded-2xl', TONES[tone])}>
                <Icon aria-hidden="true" className="size-7" />
              </span>
            )}
            <h1 className="text-2xl font-bold tracking-tight text-balance">{title}</h1>
            {description && <p className="text-muted-foreground">{description}</p>}
          </div>
          {children}
        </div>
      </Card>
    </section>
  );
}
