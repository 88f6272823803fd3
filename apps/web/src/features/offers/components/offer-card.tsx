import {
  canDelete,
  formatDate,
  offerSectionOf,
  parsePlnToGrosze,
  type InvoiceDto,
  type InvoiceFailureDto,
  type OfferDto,
} from '@substytut/shared';
import {
  Archive,
  ArrowRightCircle,
  BadgeCheck,
  CalendarClock,
  Check,
  CircleCheckBig,
  CircleX,
  Clock,
  Copy,
  Eye,
  FileDown,
  Info,
  Link2,
  MoreHorizontal,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HearingSummary } from '@/components/hearing/hearing-summary';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { HoverCard, HoverCardContent, HoverCardTrigger } from '@/components/ui/hover-card';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { PayoutLine } from '@/components/payout-line';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { downloadSubstitutionDocument, hasSubstitutionDocument } from '../api/substitution-document';
import {
  NEXT_STEP_KEYS,
  STATUS_LABEL_KEYS,
  formatOfferPrice,
  offerTimeLeft,
  showsPaymentExpiry,
  useLanguage,
} from '../lib/offer-view';
import { useCopy } from '../lib/use-copy';
import { useIsMobile } from '../lib/use-is-mobile';
import { HearingReportView, SettlementView } from '@/components/hearing/hearing-report-view';
import { DeleteOfferDialog } from './confirm-dialogs';
import { ReportDialog } from './report-dialog';
import { CourtFee } from './court-fee';
import {
  AnswerFileDownload,
  DisputeAnswerButton,
  DisputeAnswerDialog,
  mayAnswerDispute,
} from './dispute-answer';
import { OfferCardImage } from './offer-card-image';
import { OfferInfo, OfferInfoDialog } from './offer-info';
import { OfferInvoices } from './offer-invoices';
import { PreviewDialog } from './preview-dialog';

type OpenDialog = 'info' | 'preview' | 'delete' | 'done' | 'answer' | null;

const STATUS_BADGE = {
  active: 'secondary',
  paystart: 'secondary',
  payed: 'accent',
  done: 'warning',
  accepted: 'success',
  archive: 'outline',
  expired: 'outline',
  disputed: 'destructive',
  cancelled: 'warning',
  refunded: 'outline',
  resolved: 'outline',
} as const satisfies Record<OfferDto['status'], string>;

/** Archive cards show only an icon: accepted, expired, or any other archived state. */
function ArchiveIcon({ status }: { status: OfferDto['status'] }) {
  if (status === 'accepted') return <CircleCheckBig aria-hidden="true" className="size-6 text-success" />;
  if (status === 'expired') return <CircleX aria-hidden="true" className="size-6 text-destructive" />;
  return <Archive aria-hidden="true" className="size-6 text-muted-foreground" />;
}

function TimeLeft({ offer, now }: { offer: OfferDto; now: Date }) {
  const { t } = useTranslation('offers');
  const left = offerTimeLeft(offer, now);
  return (
    <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      <span className="tabular-nums" data-testid="time-left">
        {left ? t('card.timeLeft', { ...left }) : t('card.timeUp')}
      </span>
    </p>
  );
}

/** The next step of a paid offer under way (issue 34): what the lawyer or the others do now. */
function NextStep({ status }: { status: OfferDto['status'] }) {
  const { t } = useTranslation('offers');
  const key = NEXT_STEP_KEYS[status];
  if (!key) return null;
  return (
    <p className="flex items-start gap-1.5 text-sm" data-testid="next-step">
      <ArrowRightCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span>
        <span className="font-medium">{t('card.nextStep')}</span> {t(key)}
      </span>
    </p>
  );
}

function Price({ offer }: { offer: OfferDto }) {
  const { t } = useTranslation('offers');
  const language = useLanguage();
  const gross = t('card.gross', { amount: formatOfferPrice(offer.price_brutto, language) });
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* Focusable so the gross price also shows for keyboard users; the sr-only text reads it out. */}
        <span
          tabIndex={0}
          className="cursor-help self-start rounded-sm text-lg font-semibold tabular-nums underline decoration-border decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
        >
          {formatOfferPrice(offer.price, language)}{' '}
          <span className="text-sm font-normal text-muted-foreground">{t('card.net')}</span>
          <span className="sr-only">, {gross}</span>
        </span>
      </TooltipTrigger>
      <TooltipContent aria-hidden="true">{gross}</TooltipContent>
    </Tooltip>
  );
}

/**
 * What the lawyer receives (issue 34 §3): the gross less what went back to the client, less the
 * fee the payment withholds (the plan's fee now while unpaid). Nothing once all went back.
 */
function CardPayout({ offer }: { offer: OfferDto }) {
  if (offer.status === 'refunded' || offer.status === 'cancelled') return null;
  const gross = parsePlnToGrosze(offer.price_brutto);
  const refunded = offer.settlement?.refund_grosze ?? 0;
  return (
    <PayoutLine
      grossGrosze={gross === null ? null : gross - refunded}
      feeBasisPoints={offer.fee_basis_points}
    />
  );
}

function DesktopActions({
  offer,
  copied,
  onCopy,
  open,
}: {
  offer: OfferDto;
  copied: boolean;
  onCopy: () => void;
  open: (dialog: OpenDialog) => void;
}) {
  const { t } = useTranslation('offers');
  const [infoOpen, setInfoOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={onCopy}>
        {copied ? <Check aria-hidden="true" /> : <Link2 aria-hidden="true" />}
        {copied ? t('actions.copied') : t('actions.copyLink')}
      </Button>
      <div className="ml-auto flex items-center gap-1">
        <HoverCard open={infoOpen} onOpenChange={setInfoOpen}>
          <HoverCardTrigger asChild>
            <Button
              variant="ghost"
              size="icon-xs"
              aria-label={t('actions.info')}
              onClick={() => {
                setInfoOpen(false);
                open('info');
              }}
            >
              <Info aria-hidden="true" />
            </Button>
          </HoverCardTrigger>
          <HoverCardContent align="end" size="lg">
            <p className="mb-2 font-semibold">{offer.title}</p>
            <OfferInfo offer={offer} />
          </HoverCardContent>
        </HoverCard>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon-xs" aria-label={t('actions.menu', { title: offer.title })}>
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <OfferMenuContent offer={offer} open={open} />
        </DropdownMenu>
      </div>
    </>
  );
}

/** The entries of an offer's menu; copying the link is one of them only where it has no button of its own. */
function OfferMenuContent({
  offer,
  open,
  onCopy,
}: {
  offer: OfferDto;
  open: (dialog: OpenDialog) => void;
  onCopy?: () => void;
}) {
  const { t } = useTranslation('offers');
  return (
    <DropdownMenuContent align="end">
      <DropdownMenuItem onSelect={() => open('info')}>
        <Info aria-hidden="true" />
        {t('actions.info')}
      </DropdownMenuItem>
      {onCopy && (
        <DropdownMenuItem onSelect={onCopy}>
          <Copy aria-hidden="true" />
          {t('actions.copyLink')}
        </DropdownMenuItem>
      )}
      <DropdownMenuItem onSelect={() => open('preview')}>
        <Eye aria-hidden="true" />
        {t('actions.preview')}
      </DropdownMenuItem>
      {canDelete(offer.status) && (
        <>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => open('delete')}>
            <Trash2 aria-hidden="true" />
            {t('actions.delete')}
          </DropdownMenuItem>
        </>
      )}
    </DropdownMenuContent>
  );
}

function MobileActions({
  offer,
  onCopy,
  open,
}: {
  offer: OfferDto;
  onCopy: () => void;
  open: (dialog: OpenDialog) => void;
}) {
  const { t } = useTranslation('offers');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="ml-auto"
          aria-label={t('actions.menu', { title: offer.title })}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <OfferMenuContent offer={offer} open={open} onCopy={onCopy} />
    </DropdownMenu>
  );
}

/** The substitution document of a paid offer (issue 24), downloaded with the lawyer's session. */
function DocumentDownload({ offer }: { offer: OfferDto }) {
  const { t } = useTranslation('offers');
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadSubstitutionDocument(offer.offerId)
      .catch(() => toast.error(t('document.failed')))
      .finally(() => setBusy(false));
  };
  return (
    <Button
      variant="link"
      size="sm-flush"
      className="self-start"
      onClick={download}
      loading={busy}
      aria-label={t('document.downloadFor', { title: offer.title })}
    >
      <FileDown aria-hidden="true" />
      {t('document.download')}
    </Button>
  );
}

/** One offer of the history tab (spec 2). `now` comes from the list's minute clock. */
export function OfferCard({
  offer,
  now,
  invoices = [],
  invoiceFailures = [],
}: {
  offer: OfferDto;
  now: Date;
  /** this offer's invoices (the list loads them once for every card) */
  invoices?: InvoiceDto[];
  /** the invoices this offer called for that could not be made (issue 30) */
  invoiceFailures?: InvoiceFailureDto[];
}) {
  const { t } = useTranslation('offers');
  const isMobile = useIsMobile();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { copied, copy } = useCopy(() => toast.error(t('toasts.copyFailed')));
  const archived = offerSectionOf(offer.status) === 'archive';
  const paymentLink = showsPaymentExpiry(offer.status);
  const statusLabel = t(STATUS_LABEL_KEYS[offer.status]);
  const onCopy = () => void copy(offer.absoluteUrl);
  const close = (open: boolean) => !open && setDialog(null);

  return (
    <li className="flex">
      <article
        aria-label={offer.title}
        className={cn(
          'flex w-full flex-col overflow-hidden rounded-xl border border-border text-card-foreground shadow-sm',
          archived ? 'bg-card/70' : 'bg-card',
        )}
      >
        <OfferCardImage
          offer={offer}
          className={cn(
            'aspect-[1200/630] w-full border-b border-border',
            archived && 'opacity-75 grayscale',
          )}
        />
        <div className="flex flex-1 flex-col gap-2.5 p-4">
          <div className="flex items-start justify-between gap-3">
            <h3 className="min-w-0 font-semibold leading-snug break-words">{offer.title}</h3>
            {archived && <ArchiveIcon status={offer.status} />}
          </div>
          <Badge variant={STATUS_BADGE[offer.status]} className="self-start">
            {offer.status === 'accepted' && <BadgeCheck aria-hidden="true" />}
            {statusLabel}
          </Badge>
          {paymentLink && (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
              {t('card.expires')}:{' '}
              <span className="font-medium text-foreground tabular-nums">
                {formatDate(offer.expireDate.slice(0, 10))}
              </span>
            </p>
          )}
          <HearingSummary hearing={offer.hearing} />
          <NextStep status={offer.status} />
          <Price offer={offer} />
          <CardPayout offer={offer} />
          <CourtFee offer={offer} />
          {offer.report && <HearingReportView report={offer.report} compact />}
          {offer.settlement && <SettlementView settlement={offer.settlement} compact />}
          {offer.settlement?.lawyer_answer_has_file && <AnswerFileDownload offer={offer} />}
          {!archived && paymentLink && <TimeLeft offer={offer} now={now} />}
          {hasSubstitutionDocument(offer) && <DocumentDownload offer={offer} />}
          <OfferInvoices invoices={invoices} failures={invoiceFailures} />
        </div>
        {!archived && (
          <div className="flex flex-wrap items-center gap-2 border-t border-border p-3">
            {offer.status === 'payed' && (
              // On a wide card the action gets its own row, so copy, info and menu stay together.
              <Button size="sm" className={cn(!isMobile && 'w-full')} onClick={() => setDialog('done')}>
                <CircleCheckBig aria-hidden="true" />
                {t('actions.markDone')}
              </Button>
            )}
            {mayAnswerDispute(offer) && <DisputeAnswerButton onClick={() => setDialog('answer')} />}
            {isMobile ? (
              <MobileActions offer={offer} onCopy={onCopy} open={setDialog} />
            ) : (
              <DesktopActions offer={offer} copied={copied} onCopy={onCopy} open={setDialog} />
            )}
            <p
              role="status"
              className={cn('text-xs font-medium text-success', !(isMobile && copied) && 'sr-only')}
            >
              {copied ? t('actions.copied') : ''}
            </p>
          </div>
        )}
      </article>
      {!archived && (
        <>
          <OfferInfoDialog offer={offer} open={dialog === 'info'} onOpenChange={close} />
          <PreviewDialog offer={offer} open={dialog === 'preview'} onOpenChange={close} />
          <DeleteOfferDialog offer={offer} open={dialog === 'delete'} onOpenChange={close} />
          <ReportDialog offer={offer} open={dialog === 'done'} onOpenChange={close} />
          {mayAnswerDispute(offer) && (
            <DisputeAnswerDialog offer={offer} open={dialog === 'answer'} onOpenChange={close} />
          )}
        </>
      )}
    </li>
  );
}
