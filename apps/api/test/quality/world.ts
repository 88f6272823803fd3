import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { addDays, warsawDate } from '@substytut/shared';
import { issueAccessToken } from '../../src/modules/auth/access-tokens.ts';
import { csrfHeaders, type TestApp } from '../helpers.ts';
import { multipartFile } from '../multipart.ts';

let clients = 0;
/**
 * A new client address per request. Rate limits are per address and per route; these suites send
 * far more requests than one visitor may, and a 429 would hide the answer being tested.
 */
export function nextIp(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

export const PASSWORD = 'Zielona-Sowa-Nad-Rzeka-7';

export const samplePng = () =>
  sharp({ create: { width: 480, height: 480, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();

export const samplePdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

export const clientInvoice = (email: string) => ({
  nip: '7792364275',
  company: 'Kancelaria Klienta',
  street: 'Święty Marcin 29/8',
  postCode: '61-806',
  city: 'Poznań',
  email,
  policyConfirm: true,
});

export const offerBody = (clockNow: Date, title = 'Zastępstwo w SR Kraków') => ({
  title,
  expireDate: addDays(warsawDate(clockNow), 3),
  price: '150.00',
  description: 'Rozprawa o 9:00',
});

export interface Lawyer {
  user: { id: string; email: string };
  token: string;
  headers: { authorization: string };
  profileId: number;
  seolink: string;
  accountId: string;
}

/** Sends a request as a fresh client address, with a valid anti-forgery cookie and header. */
export type Send = (options: InjectOptions) => Promise<LightMyRequestResponse>;

export async function makeSend(t: TestApp): Promise<Send> {
  const csrf = await csrfHeaders(t.app);
  return (options) =>
    t.app.inject({
      remoteAddress: nextIp(),
      ...options,
      headers: { ...csrf, ...(options.headers as Record<string, string> | undefined) },
    });
}

/** A signed-in lawyer with an active profile and a ready sandbox payment account. */
export async function lawyer(t: TestApp, fields: Record<string, unknown> = {}): Promise<Lawyer> {
  const session = await t.seed.session({ password: PASSWORD });
  const profile = await t.seed.profile({ userId: session.user.id, ...fields });
  const account = await t.db.query.paymentAccounts.findFirst({
    where: (accounts, { eq }) => eq(accounts.userId, session.user.id),
  });
  if (!account) throw new Error('seed.profile gave no payment account');
  return {
    user: { id: session.user.id, email: session.user.email },
    token: session.token,
    headers: session.headers,
    profileId: profile.id,
    seolink: profile.seolink ?? '',
    accountId: account.accountId,
  };
}

/** Another bearer token of the same user, for requests that end a session. */
export async function extraHeaders(t: TestApp, userId: string) {
  return { authorization: `Bearer ${await issueAccessToken(t.db, userId, t.clock.now())}` };
}

type UploadKind = 'image' | 'cv' | 'certificate';
const UPLOAD_PATHS: Record<UploadKind, string> = {
  image: '/api/user/profile/image',
  cv: '/api/user/profile/cv',
  certificate: '/api/user/profile/licence/certificate',
};

/** A multipart upload of a real photo, CV or chamber certificate (a PDF), as the profile form sends it. */
export async function uploadOptions(kind: UploadKind): Promise<InjectOptions> {
  const file =
    kind === 'image'
      ? multipartFile(await samplePng(), { filename: 'photo.png', contentType: 'image/png' })
      : multipartFile(samplePdf, { filename: `${kind}.pdf`, contentType: 'application/pdf' });
  return { method: 'POST', url: UPLOAD_PATHS[kind], headers: file.headers, payload: file.payload };
}

export async function upload(send: Send, headers: Record<string, string>, kind: UploadKind) {
  const options = await uploadOptions(kind);
  return send({ ...options, headers: { ...headers, ...(options.headers as Record<string, string>) } });
}

/** Starts paying an offer on its lawyer's public page; returns the sandbox checkout link. */
export async function startPayment(send: Send, seolink: string, offerUrl: string, payerEmail: string) {
  const response = await send({
    method: 'POST',
    url: `/api/public/profile/${seolink}/payment/${offerUrl}`,
    payload: clientInvoice(payerEmail),
  });
  if (response.statusCode !== 200) throw new Error(`payment: ${response.statusCode} ${response.body}`);
  const link = new URL((response.json() as { data: { payLink: string } }).data.payLink);
  return {
    path: link.pathname,
    sessionId: link.pathname.split('/').pop() ?? '',
    token: link.searchParams.get('token') ?? '',
    /** the payer's secret cookie (decision 013), e.g. to download their invoice */
    payerCookie: response.cookies.find((c) => c.name === 'substytut_payer')?.value ?? '',
  };
}

export async function payCheckout(send: Send, checkout: { path: string; token: string }) {
  const response = await send({
    method: 'POST',
    url: checkout.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: checkout.token, action: 'pay', method: 'card' }).toString(),
  });
  if (response.statusCode !== 303) throw new Error(`pay: ${response.statusCode} ${response.body}`);
}

/** The token of a sandbox page link returned by /stripe/createaccount or /stripe/login. */
export async function sandboxLink(
  send: Send,
  headers: Record<string, string>,
  which: 'createaccount' | 'login',
) {
  const response = await send({ method: 'POST', url: `/api/user/profile/stripe/${which}`, headers });
  if (response.statusCode !== 200) throw new Error(`${which}: ${response.statusCode} ${response.body}`);
  const url = new URL((response.json() as { data: { url: string } }).data.url);
  return { path: url.pathname, token: url.searchParams.get('token') ?? '' };
}

export const randomToken = () => randomBytes(32).toString('base64url');
