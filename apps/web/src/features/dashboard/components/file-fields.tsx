import { CV_MAX_BYTES, IMAGE_MAX_BYTES, IMAGE_MIN_SIDE, MEGABYTE } from '@substytut/shared';
import { FileText, ImageUp, Upload } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pickerClasses } from '@/components/ui/file-picker';
import { checkAvatarFile, checkCvFile, type FileProblem } from '../lib/file-checks';
import { Avatar } from '@/components/profile/avatar';

export { pickerClasses };

export function UploadProgress({ label, fraction }: { label: string; fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-xs text-muted-foreground tabular-nums">
        {label}: {percent}%
      </span>
    </div>
  );
}

interface FileFieldProps {
  file: File | null;
  onFile: (file: File | null) => void;
  /** The stored file's address, when there is one. */
  currentUrl: string | null;
  /** 0-1 while uploading. */
  progress: number | null;
  disabled?: boolean;
}

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** Profile photo: image type, at most 10 MB, at least 480x480 (spec 5); a preview once chosen. */
export function AvatarField({ file, onFile, currentUrl, progress, disabled }: FileFieldProps) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const preview = useObjectUrl(file);
  const [problem, setProblem] = useState<FileProblem | null>(null);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = input.files?.[0] ?? null;
    if (!chosen) return;
    const found = await checkAvatarFile(chosen);
    setProblem(found);
    if (found) {
      // Lets the same file be chosen again after the message.
      input.value = '';
      return;
    }
    onFile(chosen);
  };

  const messages: Record<FileProblem, string> = {
    type: t('files.imageType'),
    size: t('files.imageTooLarge'),
    dimensions: t('files.imageTooSmall'),
  };

  return (
    <div className="flex flex-col gap-3">
      <span className="text-sm leading-none font-medium" id={`${id}-label`}>
        {t('form.photo')}
      </span>
      <div className="flex items-center gap-4">
        <Avatar src={preview ?? currentUrl} alt={t('form.photoPreview')} className="size-20 shrink-0" />
        <div className="flex flex-col gap-2">
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="peer sr-only"
            disabled={disabled}
            aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
            onChange={(event) => void onChange(event)}
          />
          <label htmlFor={id} className={pickerClasses}>
            <ImageUp aria-hidden="true" />
            {file || currentUrl ? t('form.changePhoto') : t('form.choosePhoto')}
          </label>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t('form.photoHint', {
              min: IMAGE_MIN_SIDE,
              max: IMAGE_MAX_BYTES / MEGABYTE,
            })}
          </p>
        </div>
      </div>
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {messages[problem]}
        </p>
      )}
      {progress !== null && <UploadProgress label={t('form.uploadingPhoto')} fraction={progress} />}
    </div>
  );
}

/** CV: pdf, doc or docx, at most CV_MAX_BYTES (5 MB, shown in the hint). */
export function CvField({ file, onFile, currentUrl, progress, disabled }: FileFieldProps) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [problem, setProblem] = useState<FileProblem | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = input.files?.[0] ?? null;
    if (!chosen) return;
    const found = checkCvFile(chosen);
    setProblem(found);
    if (found) {
      input.value = '';
      return;
    }
    onFile(chosen);
  };

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm leading-none font-medium">{t('form.cv')}</span>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          className="peer sr-only"
          disabled={disabled}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          onChange={onChange}
        />
        <label htmlFor={id} className={pickerClasses}>
          <Upload aria-hidden="true" />
          {file || currentUrl ? t('form.changeCv') : t('form.chooseCv')}
        </label>
        {file ? (
          <span className="flex min-w-0 items-center gap-1.5 text-sm">
            <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="truncate">{file.name}</span>
          </span>
        ) : (
          currentUrl && (
            <a
              href={currentUrl}
              target="_blank"
              rel="noopener"
              className="flex items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline"
            >
              <FileText aria-hidden="true" className="size-4" />
              {t('form.currentCv')}
            </a>
          )
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('form.cvHint', { max: CV_MAX_BYTES / MEGABYTE })}
      </p>
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {problem === 'type' ? t('files.cvType') : t('files.cvTooLarge', { max: CV_MAX_BYTES / MEGABYTE })}
        </p>
      )}
      {progress !== null && <UploadProgress label={t('form.uploadingCv')} fraction={progress} />}
    </div>
  );
}
