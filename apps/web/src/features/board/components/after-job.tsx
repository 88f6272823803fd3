import { BOARD_REFERENCE_MAX_LENGTH, type BoardResponse } from '@substytut/shared/contract/board';
import { Star } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useErrorText } from '@/lib/use-error-text';
import { useFavourite, useWriteReference, type MyRequest } from '../api/my-requests';

/** After the client confirmed the job: the poster's reference (up to 120 characters) and the favourite. */
export function AfterJob({ request, answer }: { request: MyRequest; answer: BoardResponse }) {
  const { t } = useTranslation('board');
  const errorText = useErrorText();
  const write = useWriteReference();
  const favourite = useFavourite();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const isFavourite = answer.substitute.favourite;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setError('validation.fillField');
    setError(undefined);
    try {
      await write.mutateAsync({ requestId: request.id, text: trimmed });
      toast.success(t('mine.referenceSaved'));
    } catch (failure) {
      if (isApiError(failure) && failure.fieldErrors.text) setError(failure.fieldErrors.text);
      toast.error(errorMessage(failure, t));
    }
  };

  const toggleFavourite = () =>
    favourite.mutate(
      { profileId: answer.substitute.profile_id, favourite: !isFavourite },
      {
        onSuccess: () => toast.success(isFavourite ? t('mine.unfavourited') : t('mine.favourited')),
        onError: (failure) => toast.error(errorMessage(failure, t)),
      },
    );

  return (
    <div className="flex flex-col gap-4 border-t border-border pt-4">
      <Button variant="outline" className="self-start" aria-pressed={isFavourite} loading={favourite.isPending} onClick={toggleFavourite}>
        <Star aria-hidden="true" className={isFavourite ? 'fill-current' : undefined} />
        {isFavourite ? t('mine.unfavourite') : t('mine.makeFavourite')}
      </Button>
      {request.reference ? (
        <div className="flex flex-col gap-1 text-sm">
          <h4 className="font-semibold">{t('mine.yourReference')}</h4>
          <p>„{request.reference}”</p>
          <p className="text-xs text-muted-foreground">{t('mine.referencePublishHint')}</p>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-2">
          <FormField
            label={t('mine.referenceLabel')}
            hint={t('mine.referenceHint', { count: text.length, max: BOARD_REFERENCE_MAX_LENGTH })}
            error={errorText(error)}
          >
            <Textarea value={text} onChange={(event) => setText(event.target.value)} maxLength={BOARD_REFERENCE_MAX_LENGTH} rows={2} />
          </FormField>
          <Button type="submit" className="self-start" loading={write.isPending}>
            {t('mine.referenceSubmit')}
          </Button>
        </form>
      )}
    </div>
  );
}
