import { BOARD_MESSAGE_MAX_LENGTH, type BoardRequestDetail } from '@substytut/shared/contract/board';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useErrorText } from '@/lib/use-error-text';
import { useLanguage } from '@/lib/use-language';
import { useAnswer, useWithdrawAnswer } from '../api/board';
import { ConfirmButton } from './confirm-button';
import { GrossLine } from './gross-line';
import { answerBody, type AnswerErrors, type AnswerValues } from '../lib/answer';
import { pln } from '../lib/format';

function initialValues(request: BoardRequestDetail): AnswerValues {
  const mine = request.my_response;
  return {
    kind: mine?.price_net || request.fee_net === null ? 'propose' : 'accept',
    price: mine?.price_net?.replace('.', ',') ?? '',
    message: mine?.message ?? '',
  };
}

/**
 * The answer to a request, after the conflict check: accept the fixed fee or propose a net
 * price (gross shown as typed), with a message of up to 500 characters; an answer given can be
 * changed or withdrawn until the poster picks one.
 */
export function AnswerForm({ request, onDone }: { request: BoardRequestDetail; onDone: () => void }) {
  const { t } = useTranslation('board');
  const language = useLanguage();
  const errorText = useErrorText();
  const answer = useAnswer();
  const withdraw = useWithdrawAnswer();
  const [values, setValues] = useState<AnswerValues>(() => initialValues(request));
  const [errors, setErrors] = useState<AnswerErrors>({});
  const kindName = useId();
  const counterId = useId();
  const fixedFee = request.fee_net !== null;
  const mine = request.my_response;
  const open = request.state === 'open';
  const proposing = !fixedFee || values.kind === 'propose';

  const set = (patch: Partial<AnswerValues>) => setValues((current) => ({ ...current, ...patch }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = answerBody(values, fixedFee);
    setErrors(checked.errors);
    if (!checked.body) return;
    try {
      await answer.mutateAsync({ id: request.id, answer: checked.body, change: mine !== null });
      toast.success(mine ? t('answer.toasts.changed') : t('answer.toasts.sent'));
      onDone();
    } catch (error) {
      if (isApiError(error)) {
        const price = error.fieldErrors.price_net;
        const message = error.fieldErrors.message;
        if (price || message) setErrors({ price, message });
      }
      toast.error(errorMessage(error, t));
    }
  };

  const onWithdraw = async () => {
    try {
      await withdraw.mutateAsync(request.id);
      toast.success(t('answer.toasts.withdrawn'));
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, t));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('answer.label')} className="flex flex-col gap-4">
      <fieldset disabled={!open} className="flex min-w-0 flex-col gap-4">
        {fixedFee && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('answer.kind')}</legend>
            {(['accept', 'propose'] as const).map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={kindName}
                  value={kind}
                  checked={values.kind === kind}
                  onChange={() => set({ kind })}
                  className="size-4 accent-primary"
                />
                {kind === 'accept'
                  ? t('answer.accept', { fee: pln(request.fee_net ?? '0.00', language) })
                  : t('answer.propose')}
              </label>
            ))}
          </fieldset>
        )}
        {proposing && (
          <div className="flex flex-col gap-1">
            <FormField
              label={t('answer.price')}
              hint={fixedFee ? undefined : t('answer.priceRequired')}
              error={errorText(errors.price)}
              required
            >
              <Input
                value={values.price}
                onChange={(event) => set({ price: event.target.value.replace(/[^\d.,\s]/g, '') })}
                inputMode="decimal"
                autoComplete="off"
                aria-required="true"
                placeholder="250,00"
              />
            </FormField>
            <GrossLine net={values.price} />
          </div>
        )}
        <FormField
          label={t('answer.message')}
          hint={<span id={counterId}>{t('answer.messageCount', { count: values.message.length, max: BOARD_MESSAGE_MAX_LENGTH })}</span>}
          error={errorText(errors.message)}
        >
          <Textarea
            value={values.message}
            onChange={(event) => set({ message: event.target.value })}
            maxLength={BOARD_MESSAGE_MAX_LENGTH}
            rows={3}
          />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {mine && (
            <ConfirmButton
              label={t('answer.withdraw')}
              title={t('answer.withdrawTitle')}
              text={t('answer.withdrawText')}
              confirm={t('answer.withdraw')}
              loading={withdraw.isPending}
              onConfirm={() => void onWithdraw()}
            />
          )}
          <Button type="submit" loading={answer.isPending}>
            {mine ? t('answer.change') : t('answer.send')}
          </Button>
        </div>
      </fieldset>
      {!open && <p className="text-sm text-muted-foreground">{t('answer.closed')}</p>}
    </form>
  );
}
