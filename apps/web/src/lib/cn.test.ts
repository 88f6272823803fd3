// @vitest-environment node
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { classConflicts, sourceFileMap } from '../../scripts/class-conflicts.mjs';
import { buttonVariants } from '../components/ui/button';
import { cn } from './cn';

/**
 * `cn` is clsx alone (decision 075): tailwind-merge left every page's first load. So no classes it
 * joins may conflict: a caller's className only places a component, and what it changes about the
 * component's look is one of the component's variants. scripts/class-conflicts.mjs finds every
 * conflict in the sources with tailwind-merge itself (a development dependency only).
 */
describe('cn without tailwind-merge (decision 075)', () => {
  const app = sourceFileMap();

  it('joins classes as clsx does, merging nothing', () => {
    expect(cn('px-2 py-1', false, ['bg-primary'], { 'mt-2': true, 'mb-2': false }, undefined)).toBe(
      'px-2 py-1 bg-primary mt-2',
    );
    expect(cn('px-2', 'px-4')).toBe('px-2 px-4');
  });

  it('no two classes joined anywhere in the app conflict', () => {
    expect(classConflicts(app)).toEqual([]);
  });

  it("fails on a caller's className that overrides a component's own classes", () => {
    // The app's own components (what the scan takes from them is the same) and one new caller.
    const ui = [...app].filter(([file]) => file.includes('/components/ui/'));
    const withCaller = new Map(ui).set(
      `${ui[0]![0]}.new-caller.tsx`,
      `export function New() {
        return (
          <>
            <Button size="sm" className="h-8 self-start" />
            <Button variant="link" className="mt-2" />
            <Card className="shadow-xl" />
            <CardContent className="pt-6" />
            <Label className="text-xs" />
            <DialogContent className="max-w-2xl" />
            <Toggle className="hidden sm:inline-flex" />
          </>
        );
      }
      function Toggle({ className }: { className?: string }) {
        return <Button variant="ghost" size="icon" className={className} />;
      }`,
    );
    const found = classConflicts(withCaller).join('\n');
    expect(found).toMatch(/<Button className>: "h-8 self-start" .* drops h-9/);
    expect(found).toMatch(/<Card className>: "shadow-xl" .* drops shadow-sm/);
    expect(found).toMatch(/<CardContent className>: "pt-6" .* drops pt-0/);
    expect(found).toMatch(/<Label className>: "text-xs" .* drops text-sm leading-none/);
    expect(found).toMatch(/<DialogContent className>: "max-w-2xl" .* drops max-w-lg/);
    // Through a component that hands its className on to a Button.
    expect(found).toMatch(/<Toggle className>: "hidden sm:inline-flex" .* drops inline-flex/);
    expect(found).not.toMatch(/mt-2/);
  });

  it('fails on conflicting arguments of one cn call, of a cva variant, or of a file constant', () => {
    const files = new Map([
      [
        '/app/src/x.tsx',
        `import { cva } from 'class-variance-authority';
        const base = 'flex px-3';
        const tones = { info: 'bg-primary', warn: 'bg-warning' } as const;
        const box = cva('rounded-md p-4', { variants: { size: { sm: 'p-2', lg: 'text-lg' } } });
        export function X({ on, tone }: { on: boolean; tone: keyof typeof tones }) {
          return (
            <>
              <div className={cn(base, on && 'px-4')} />
              <div className={cn('bg-card', tones[tone])} />
              <div className={cn(on ? 'text-sm' : 'text-base', 'font-medium')} />
            </>
          );
        }`,
      ],
    ]);
    const found = classConflicts(files).join('\n');
    expect(found).toMatch(/"flex px-3" \+ "px-4" drops px-3/);
    expect(found).toMatch(/"bg-card" \+ "bg-primary" drops bg-card/);
    expect(found).toMatch(/"bg-card" \+ "bg-warning" drops bg-card/);
    expect(found).toMatch(/box\(\{"size":"sm"\}\).* drops p-4/);
    // Two branches of one condition never meet: no conflict.
    expect(found).not.toMatch(/text-sm/);
  });

  it("every button variant and size is free of conflicts as rendered (the scanner's view checked)", () => {
    const variants = [
      'primary',
      'accent',
      'secondary',
      'outline',
      'ghost',
      'ghost-destructive',
      'destructive',
      'link',
    ] as const;
    const sizes = ['xs', 'sm', 'md', 'lg', 'icon', 'icon-sm', 'icon-xs', 'multiline', 'sm-flush'] as const;
    for (const variant of variants)
      for (const size of sizes) {
        const classes = buttonVariants({ variant, size });
        expect(twMerge(classes).split(' ').toSorted(), `${variant} ${size}`).toEqual(
          classes.split(' ').toSorted(),
        );
      }
    expect(buttonVariants({ size: 'xs' })).toMatch(/\bh-8 px-3\b/);
    expect(buttonVariants({ variant: 'link', size: 'sm-flush' })).toMatch(/\bh-9 px-0\b/);
  });
});
