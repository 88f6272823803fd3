import { Badge } from '@/components/ui/badge';

/** Green when active, red otherwise (spec 2), always with the status in words. */
export function StatusBadge({ active, label }: { active: boolean; label: string }) {
  return (
    <Badge variant={active ? 'success' : 'destructive'} weight="medium" wrap className="max-w-44">
      <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-current" />
      {label}
    </Badge>
  );
}
