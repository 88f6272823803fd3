import { downloadApiFile } from '@/lib/save-file';

/**
 * POST /data-export/{token}: the data-export mail's one-time download. Only this POST, made by the
 * page's button, uses the link up; opening the link (a mail scanner) changes nothing.
 */
export function downloadMailedExport(token: string) {
  return downloadApiFile(`/data-export/${encodeURIComponent(token)}`, 'substytut-data.zip', 'POST');
}
