import { Command } from 'cmdk';
import { Check, ChevronsUpDown } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState, type ComponentProps, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

/** Spec 9: the trigger shows at most two badges, then '+ N więcej'. */
export const MAX_BADGES = 2;

export interface ComboboxOption {
  value: string;
  label: string;
  /** more words the search matches (e.g. a court's city) */
  keywords?: string[];
}

/** cmdk's filter: 1 to show an item, 0 to hide it. */
export type ComboboxFilter = (value: string, search: string, keywords?: string[]) => number;

const triggerClasses =
  'flex min-h-10 w-full items-center gap-2 rounded-md border border-input bg-card px-3 py-1.5 text-left text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive md:text-sm';

const listClasses = 'max-h-64 overflow-y-auto p-1';
const itemClasses =
  'flex cursor-default items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[selected=true]:bg-muted data-[disabled=true]:opacity-50';

interface ComboboxShellProps extends Omit<ComponentProps<'button'>, 'children' | 'onChange' | 'value'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  display: ReactNode;
  trailing?: ReactNode;
  searchLabel: string;
  empty: string;
  children: ReactNode;
  triggerRef?: Ref<HTMLButtonElement>;
  filter?: ComboboxFilter;
}

/** Radix Popover + cmdk: a button that opens a searchable listbox. */
function ComboboxShell({
  open,
  onOpenChange,
  display,
  trailing,
  searchLabel,
  empty,
  children,
  triggerRef,
  filter,
  className,
  ...buttonProps
}: ComboboxShellProps) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <button
          ref={triggerRef}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          className={cn(triggerClasses, className)}
          {...buttonProps}
        >
          <span className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5">{display}</span>
          {trailing}
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 opacity-70" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-(--radix-popover-trigger-width) min-w-64 overflow-hidden rounded-md border border-border bg-popover text-popover-foreground shadow-lg"
        >
          <Command loop label={searchLabel} filter={filter} className="flex flex-col">
            <Command.Input
              placeholder={searchLabel}
              className="h-10 border-b border-border bg-transparent px-3 text-base outline-none placeholder:text-muted-foreground md:text-sm"
            />
            <Command.List className={listClasses}>
              <Command.Empty className="px-2 py-6 text-center text-sm text-muted-foreground">
                {empty}
              </Command.Empty>
              {children}
            </Command.List>
          </Command>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

interface MultiSelectProps extends Omit<ComponentProps<'button'>, 'value' | 'onChange' | 'children'> {
  options: readonly ComboboxOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder: string;
  trailing?: ReactNode;
  triggerRef?: Ref<HTMLButtonElement>;
  filter?: ComboboxFilter;
}

/** Several values; the list stays open while choosing. Empty search: 'Brak wyników.'. */
export function MultiSelect({ options, value, onChange, placeholder, trailing, ...props }: MultiSelectProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const selected = value
    .map((id) => options.find((option) => option.value === id))
    .filter((option): option is ComboboxOption => option !== undefined);
  const rest = selected.length - MAX_BADGES;

  const toggle = (id: string) =>
    onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);

  const display =
    selected.length === 0 ? (
      <span className="text-muted-foreground">{placeholder}</span>
    ) : (
      <>
        {selected.slice(0, MAX_BADGES).map((option) => (
          // The badge is a flex box: the ellipsis needs the label in a block of its own.
          <Badge key={option.value} variant="secondary" className="min-w-0 max-w-full" title={option.label}>
            <span className="truncate">{option.label}</span>
          </Badge>
        ))}
        {rest > 0 && <Badge variant="outline">{t('combobox.moreCount', { count: rest })}</Badge>}
      </>
    );

  return (
    <ComboboxShell
      open={open}
      onOpenChange={setOpen}
      display={display}
      trailing={trailing}
      searchLabel={t('combobox.search')}
      empty={t('combobox.noResults')}
      {...props}
    >
      {options.map((option) => {
        const checked = value.includes(option.value);
        return (
          <Command.Item
            key={option.value}
            value={option.label}
            keywords={option.keywords}
            onSelect={() => toggle(option.value)}
            aria-checked={checked}
            className={itemClasses}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-4 shrink-0 items-center justify-center rounded-sm border',
                checked ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
              )}
            >
              {checked && <Check className="size-3" strokeWidth={3} />}
            </span>
            {option.label}
          </Command.Item>
        );
      })}
    </ComboboxShell>
  );
}

interface SingleComboboxProps extends Omit<ComponentProps<'button'>, 'value' | 'onChange' | 'children'> {
  options: readonly ComboboxOption[];
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  trailing?: ReactNode;
  triggerRef?: Ref<HTMLButtonElement>;
  filter?: ComboboxFilter;
}

/** One value, searchable. Empty search: 'Nie znaleziono.'. */
export function SingleCombobox({
  options,
  value,
  onChange,
  placeholder,
  trailing,
  ...props
}: SingleComboboxProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const current = options.find((option) => option.value === value);
  return (
    <ComboboxShell
      open={open}
      onOpenChange={setOpen}
      display={
        current ? (
          <span className="truncate">{current.label}</span>
        ) : (
          <span className="text-muted-foreground">{placeholder}</span>
        )
      }
      trailing={trailing}
      searchLabel={t('combobox.search')}
      empty={t('combobox.notFound')}
      {...props}
    >
      {options.map((option) => (
        <Command.Item
          key={option.value}
          value={option.label}
          keywords={option.keywords}
          onSelect={() => {
            onChange(option.value);
            setOpen(false);
          }}
          aria-checked={option.value === value}
          className={itemClasses}
        >
          <Check
            aria-hidden="true"
            className={cn('size-4 shrink-0', option.value !== value && 'invisible')}
          />
          {option.label}
        </Command.Item>
      ))}
    </ComboboxShell>
  );
}
