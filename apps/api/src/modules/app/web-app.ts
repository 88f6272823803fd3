import { acceptedLocale } from '@substytut/shared/accept-language';
import type { Locale } from '@substytut/shared/locale';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What the API's server knows of the web app it serves (the serving itself: web-framework.ts,
 * decision 016).
 */

/** Paths owned by the server, never answered with the web app. */
export function isServerPath(pathname: string): boolean {
  return /^\/(api|storage|dev)(\/|$)/.test(pathname);
}

/**
 * Whether a request asks only for JSON (an API client that lost its way): every media range it
 * accepts is JSON. Anything else gets the web app's pages: browsers, curl's default `*\/*`, link
 * checkers and crawlers that send no Accept at all.
 */
export function asksOnlyForJson(accept: string | undefined): boolean {
  const ranges = (accept ?? '')
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { type: type.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((range) => range.type !== '' && range.q > 0);
  return ranges.length > 0 && ranges.every((range) => /^application\/([\w.-]+\+)?json$/.test(range.type));
}

/** What /u/{seolink} is rendered with: the public profile API's answer for it. */
export interface ProfilePageData {
  seolink: string;
  offerUrl: string | null;
  profile: unknown;
}

/** Head tags a server-side page answer carries, so link previews and crawlers see them without JavaScript. */
export interface PageMeta {
  title: string;
  description: string;
  /** absolute URLs */
  url: string;
  image: string;
  type?: string;
  /** The data the web app's loader renders the page with (web-framework.ts). */
  profilePage?: ProfilePageData;
}

/**
 * Gives the head tags of a client route whose content lives in the database (e.g. /u/{seolink}).
 * null: not this resolver's route; 'not_found': its route, but nothing there (answered with 404);
 * 'gone': its route, deleted for good (answered with 410).
 */
export type PageMetaResolver = (
  pathname: string,
  query: URLSearchParams,
  language: Locale,
) => Promise<PageMeta | 'not_found' | 'gone' | null>;

/**
 * Flags a page answered while a sandbox adapter is active: its CSS then shows the sandbox marker,
 * which is part of every page's markup, in room kept from the first paint (web decision 010).
 */
export function withSandboxFlag(html: string): string {
  // The web app's renderer flags the page itself when the configuration it was given says sandbox.
  if (/<html\b[^>]*\sdata-sandbox[\s=>]/i.test(html)) return html;
  // Appended after the element's own attributes: `<html lang="pl"` stays as crawlers and tests read it.
  return html.replace(/<html(\s[^>]*)?>/i, (_tag, attributes = '') => `<html${attributes} data-sandbox>`);
}

export interface WebApp {
  /** Answers GET/HEAD for the web app; false when the request is not the web app's to answer. */
  handle(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * Whether a browser's Accept-Language prefers English to Polish (the first supported language
 * wins; Polish when neither is named), as the web app decides for the pages it renders.
 */
export function prefersEnglish(acceptLanguage: string | undefined): boolean {
  return acceptedLocale(acceptLanguage) === 'en';
}
