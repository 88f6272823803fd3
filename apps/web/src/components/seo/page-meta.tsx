import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { COMPANY, PRODUCT_NAME } from '@/config/constants';
import { DEFAULT_LANGUAGE, isLanguage, languageUrl, stripLanguage, type Language } from '@/config/paths';
import { siteOrigin } from '@/lib/origin';
import { DocumentHead } from './document-head';

export const DEFAULT_SOCIAL_IMAGE = { url: '/og-default.png', width: 1200, height: 630 } as const;

export interface PageMetaProps {
  /** The page's own title; the product name is appended. */
  title: string;
  description?: string;
  keywords?: readonly string[];
  type?: 'website' | 'article' | 'product' | 'profile';
  image?: string;
  author?: string;
  publishedTime?: string;
  modifiedTime?: string;
  /** For pages search engines should skip (the not-found page). */
  noindex?: boolean;
}

const OG_LOCALE: Record<Language, string> = { pl: 'pl_PL', en: 'en_GB' };

export function buildTitle(title: string): string {
  return title && title !== PRODUCT_NAME ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

function absolute(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Head tags for one page; each page renders this component once. */
export function PageMeta({
  title,
  description,
  keywords,
  type = 'website',
  image = DEFAULT_SOCIAL_IMAGE.url,
  author = COMPANY.name,
  publishedTime,
  modifiedTime,
  noindex = false,
}: PageMetaProps) {
  const { t, i18n } = useTranslation('common');
  const { pathname } = useLocation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const origin = siteOrigin();
  const path = stripLanguage(pathname);
  const canonical = languageUrl(origin, path, language);
  const fullTitle = buildTitle(title);
  const text = description ?? t('seo.defaultDescription');
  const keywordList = keywords?.length ? keywords.join(', ') : t('seo.keywords');
  const imageUrl = absolute(origin, image);
  const isDefaultImage = image === DEFAULT_SOCIAL_IMAGE.url;
  const other: Language = language === 'pl' ? 'en' : 'pl';

  // Spec 3: the structured data names the author as an organisation (the operator, whoever the
  // page is about) and offers reading the page in both languages.
  const organization = {
    '@type': 'Organization',
    name: PRODUCT_NAME,
    legalName: COMPANY.name,
    url: origin,
    logo: absolute(origin, '/favicon.svg'),
    email: COMPANY.email,
    taxID: COMPANY.nip,
    slogan: t('tagline'),
  };
  const structuredData = {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: fullTitle,
    description: text,
    url: canonical,
    inLanguage: language,
    author: organization,
    publisher: organization,
    potentialAction: [
      { '@type': 'ReadAction', target: [languageUrl(origin, path, 'pl')], inLanguage: 'pl' },
      { '@type': 'ReadAction', target: [languageUrl(origin, path, 'en')], inLanguage: 'en' },
    ],
  };

  return (
    <DocumentHead>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <meta name="keywords" content={keywordList} />
      <meta name="author" content={author} />
      <meta name="robots" content={noindex ? 'noindex, follow' : 'index, follow'} />
      <link rel="canonical" href={canonical} />
      <link rel="alternate" hrefLang="pl" href={languageUrl(origin, path, 'pl')} />
      <link rel="alternate" hrefLang="en" href={languageUrl(origin, path, 'en')} />
      <link rel="alternate" hrefLang="x-default" href={languageUrl(origin, path, 'en')} />
      <meta property="og:site_name" content={PRODUCT_NAME} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={OG_LOCALE[language]} />
      <meta property="og:locale:alternate" content={OG_LOCALE[other]} />
      <meta property="og:image" content={imageUrl} />
      {isDefaultImage && <meta property="og:image:width" content={String(DEFAULT_SOCIAL_IMAGE.width)} />}
      {isDefaultImage && <meta property="og:image:height" content={String(DEFAULT_SOCIAL_IMAGE.height)} />}
      <meta property="og:image:alt" content={t('tagline')} />
      {publishedTime && <meta property="article:published_time" content={publishedTime} />}
      {modifiedTime && <meta property="article:modified_time" content={modifiedTime} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={text} />
      <meta name="twitter:image" content={imageUrl} />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(structuredData).replace(/</g, '\\u003c') }}
      />
    </DocumentHead>
  );
}
