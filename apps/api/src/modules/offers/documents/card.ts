import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { PROFESSIONAL_TYPES, SPECIALIZATIONS, formatPln, splitSpecializations } from '@substytut/shared';
import satori from 'satori';
import sharp from 'sharp';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What the card shows; labels are resolved from the profile's stored ids. */
export interface CardInput {
  fullname: string;
  /** professional type id, e.g. 'radca-prawny' */
  permissions: string;
  /** specialization ids joined by ', ' as stored */
  specialization: string;
  title: string;
  grossGrosze: number;
  /** the lawyer's photo in any format sharp reads; null shows initials */
  photo: Buffer | null;
}

const require = createRequire(import.meta.url);
type FontWeight = 400 | 600 | 700 | 800;
const FONT_FILES: Record<FontWeight, string> = {
  400: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  600: '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
  700: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
  800: '@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf',
};

let fonts: { name: string; data: Buffer; weight: FontWeight; style: 'normal' }[] | undefined;
// Read once per process: about 1.4 MB of TTF, and satori parses them on every call anyway.
function loadFonts() {
  fonts ??= (Object.entries(FONT_FILES) as unknown as [string, string][]).map(([weight, file]) => ({
    name: 'Inter',
    data: readFileSync(require.resolve(file)),
    weight: Number(weight) as FontWeight,
    style: 'normal' as const,
  }));
  return fonts;
}

const NAVY_DARK = '#14213d';
const NAVY = '#1d3461';
const ACCENT = '#f2c46d';
const MUTED = '#c3cce0';

type Style = Record<string, string | number>;
interface Node {
  type: string;
  props: { style?: Style; children?: Child | Child[]; [key: string]: unknown };
}
type Child = Node | string;

const h = (
  type: string,
  style: Style,
  children?: Child | Child[],
  props: Record<string, unknown> = {},
): Node => ({
  type,
  props: { ...props, style, ...(children === undefined ? {} : { children }) },
});

function professionLabel(id: string): string {
  return PROFESSIONAL_TYPES.find((t) => t.id === id)?.pl ?? '';
}

/** At most two specializations by name, then '+ N więcej' as in the form's multi-select. */
function specializationLabel(stored: string): string {
  const names = splitSpecializations(stored)
    .map((id): string | undefined => SPECIALIZATIONS.find((s) => s.id === id)?.pl)
    .filter((name): name is string => name !== undefined);
  const shown = names.slice(0, 2).join(' · ');
  return names.length > 2 ? `${shown} + ${names.length - 2} więcej` : shown;
}

function initials(fullname: string): string {
  return fullname
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** Satori wraps but cannot clamp reliably; long titles are shortened at a word boundary. */
export function shorten(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

async function photoDataUri(photo: Buffer | null): Promise<string | null> {
  if (!photo) return null;
  try {
    // Satori embeds PNG/JPEG only; the stored avatar may be WebP. 2× the shown size stays sharp.
    const png = await sharp(photo).resize(440, 440, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
    return `data:image/jpeg;base64,${png.toString('base64')}`;
  } catch {
    return null;
  }
}

const LOGO_S_PATH =
  'M40.5 22.5c-1.9-2.6-5.1-4-8.7-4-5.3 0-9 2.9-9 7.2 0 9.6 18.8 5.5 18.8 13.9 0 3.4-3.3 5.9-8.3 5.9-4.1 0-7.4-1.7-9.3-4.6';

function logo(): Node {
  return h('div', { display: 'flex', alignItems: 'center', gap: 18 }, [
    h(
      'svg',
      { width: 60, height: 60 },
      [
        h('rect', {}, undefined, { width: 64, height: 64, rx: 14, fill: ACCENT }),
        h('path', {}, undefined, {
          d: LOGO_S_PATH,
          fill: 'none',
          stroke: NAVY_DARK,
          'stroke-width': 5,
          'stroke-linecap': 'round',
        }),
      ],
      { viewBox: '0 0 64 64', width: 60, height: 60 },
    ),
    h('div', { fontSize: 34, fontWeight: 700, color: '#ffffff', letterSpacing: -0.5 }, 'Substytut'),
  ]);
}

function checkIcon(): Node {
  return h(
    'svg',
    { width: 28, height: 28 },
    [
      h('circle', {}, undefined, { cx: 12, cy: 12, r: 11, fill: ACCENT }),
      h('path', {}, undefined, {
        d: 'M7 12.5l3.2 3.2L17 9',
        fill: 'none',
        stroke: NAVY_DARK,
        'stroke-width': 2.4,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      }),
    ],
    { viewBox: '0 0 24 24', width: 28, height: 28 },
  );
}

function avatar(src: string | null, fullname: string): Node {
  const size = 200;
  const ring: Style = {
    display: 'flex',
    width: size + 16,
    height: size + 16,
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: 9999,
    backgroundImage: `linear-gradient(135deg, ${ACCENT}, #c98b2c)`,
    flexShrink: 0,
  };
  const inner = src
    ? h('img', { width: size, height: size, borderRadius: 9999, objectFit: 'cover' }, undefined, {
        src,
        width: size,
        height: size,
      })
    : h(
        'div',
        {
          display: 'flex',
          width: size,
          height: size,
          borderRadius: 9999,
          alignItems: 'center',
          justifyContent: 'center',
          backgroundColor: NAVY,
          color: ACCENT,
          fontSize: 84,
          fontWeight: 700,
        },
        initials(fullname) || '?',
      );
  return h('div', ring, inner);
}

function cardTree(input: CardInput, photo: string | null): Node {
  const profession = professionLabel(input.permissions);
  const specialization = specializationLabel(input.specialization);
  const subtitle = [profession, specialization].filter(Boolean).join(' · ');
  return h(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      // satori 0.63 sizes boxes as content-box; the card must be exactly 1200×630 with padding inside.
      boxSizing: 'border-box',
      width: '100%',
      height: '100%',
      paddingTop: 56,
      paddingBottom: 60,
      paddingLeft: 72,
      paddingRight: 72,
      fontFamily: 'Inter',
      color: '#ffffff',
      backgroundColor: NAVY_DARK,
      backgroundImage: `radial-gradient(circle at 88% 12%, rgba(242, 196, 109, 0.28), rgba(242, 196, 109, 0) 42%), linear-gradient(135deg, ${NAVY_DARK} 0%, ${NAVY} 58%, #2a4a85 100%)`,
    },
    [
      h('div', { display: 'flex', justifyContent: 'space-between', alignItems: 'center' }, [
        logo(),
        h(
          'div',
          {
            display: 'flex',
            fontSize: 22,
            fontWeight: 600,
            color: MUTED,
            letterSpacing: 2,
            textTransform: 'uppercase',
          },
          'Oferta zastępstwa',
        ),
      ]),
      h('div', { display: 'flex', alignItems: 'center', gap: 48, flexGrow: 1 }, [
        avatar(photo, input.fullname),
        h('div', { display: 'flex', flexDirection: 'column', flexGrow: 1, flexShrink: 1, minWidth: 0 }, [
          h(
            'div',
            {
              display: 'block',
              fontSize: 48,
              fontWeight: 800,
              lineHeight: 1.12,
              letterSpacing: -0.5,
              lineClamp: 2,
            },
            shorten(input.fullname, 40),
          ),
          subtitle
            ? h(
                'div',
                {
                  display: 'block',
                  fontSize: 24,
                  color: MUTED,
                  marginTop: 10,
                  lineHeight: 1.3,
                  lineClamp: 1,
                },
                shorten(subtitle, 70),
              )
            : h('div', { display: 'flex' }),
          h('div', {
            display: 'flex',
            width: 96,
            height: 5,
            borderRadius: 3,
            backgroundColor: ACCENT,
            marginTop: 22,
          }),
          h(
            'div',
            {
              display: 'block',
              fontSize: 34,
              fontWeight: 600,
              lineHeight: 1.25,
              marginTop: 22,
              lineClamp: 2,
            },
            shorten(input.title, 120),
          ),
        ]),
      ]),
      h(
        'div',
        {
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          paddingTop: 24,
          borderTop: '1px solid rgba(195, 204, 224, 0.25)',
        },
        [
          h('div', { display: 'flex', alignItems: 'baseline', gap: 16 }, [
            h(
              'div',
              { fontSize: 60, fontWeight: 800, color: ACCENT, whiteSpace: 'nowrap' },
              // satori draws U+00A0 narrower than a space; nowrap keeps the amount on one line anyway.
              formatPln(input.grossGrosze, 'pl').replace(/\u00a0/g, ' '),
            ),
            h('div', { fontSize: 28, fontWeight: 600, color: MUTED }, 'brutto'),
          ]),
          h(
            'div',
            {
              display: 'flex',
              alignItems: 'center',
              gap: 12,
              padding: '14px 26px',
              borderRadius: 9999,
              border: `2px solid rgba(242, 196, 109, 0.7)`,
              fontSize: 24,
              fontWeight: 600,
              color: '#ffffff',
            },
            [checkIcon(), 'Wystawiam fakturę VAT'],
          ),
        ],
      ),
    ],
  );
}

/** The offer's 1200×630 PNG card (the og:image of the offer link). */
export async function renderOfferCard(input: CardInput): Promise<Buffer> {
  const photo = await photoDataUri(input.photo);
  const svg = await satori(cardTree(input, photo) as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: loadFonts(),
  });
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: CARD_WIDTH },
    font: { loadSystemFonts: false },
  })
    .render()
    .asPng();
  return Buffer.from(png);
}
