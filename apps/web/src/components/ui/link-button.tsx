import type { VariantProps } from 'class-variance-authority';
import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';
import { buttonVariants } from './button';

type LinkButtonProps = LinkProps & VariantProps<typeof buttonVariants>;

/** An in-app link that looks like a button (navigation stays a link for assistive tech). */
export function LinkButton({ className, variant, size, align, weight, faded, ...props }: LinkButtonProps) {
  return (
    <Link className={cn(buttonVariants({ variant, size, align, weight, faded }), className)} {...props} />
  );
}

type ExternalLinkButtonProps = React.ComponentProps<'a'> & VariantProps<typeof buttonVariants>;

export function ExternalLinkButton({
  className,
  variant,
  size,
  align,
  weight,
  faded,
  ...props
}: ExternalLinkButtonProps) {
  return <a className={cn(buttonVariants({ variant, size, align, weight, faded }), className)} {...props} />;
}
