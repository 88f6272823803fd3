import { CircleCheck, Info } from 'lucide-react';
import type { CompanyLookup } from '@/lib/company-lookup';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

/** What the NIP lookup is doing, announced politely under the NIP field. */
export function CompanyLookupStatus({
  lookup,
  messages,
  className,
}: {
  lookup: CompanyLookup;
  messages: Record<Exclude<CompanyLookup, 'idle'>, string>;
  className?: string;
}) {
  return (
    <p role="status" className={cn('text-sm', className)}>
      {lookup === 'searching' && (
        <span className="flex items-center gap-2 text-muted-foreground">
          <Spinner />
          {messages.searching}
        </span>
      )}
      {lookup === 'found' && (
        <span className="flex items-center gap-2 text-success">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
          {messages.found}
        </span>
      )}
      {(lookup === 'notFound' || lookup === 'failed') && (
        <span className="flex items-center gap-2 text-muted-foreground">
          <Info aria-hidden="true" className="size-4 shrink-0" />
          {messages[lookup]}
        </span>
      )}
    </p>
  );
}
