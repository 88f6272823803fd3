import {
  institutionsForProfessionalType,
  firstIssueByPath,
  profileSchemaAt,
  invoiceSettingsSchema,
  providerInvoiceSchema,
  type CompanyLookupDto,
  type InvoiceDataDto,
  type InvoiceSettingsDto,
  type ProfileDto,
} from '@substytut/shared';
import type { OwnLicence } from '@/lib/licence';
import { failure, success } from './fetch-stub';

/**
 * A small stateful stand-in for the profile API of spec 7, answering as a function of each
 * request: PUT validates with the shared schema (400 + errors map) and stores what it got, uploads
 * store a file key, GET returns the stored state. Both fetch and XMLHttpRequest (uploads) reach it.
 */
export interface Call {
  method: string;
  path: string;
}

export type FailingStep = 'image' | 'cv' | 'profile' | 'invoice' | 'stripe' | 'licence';

export interface FakeDashboardApi {
  profile: ProfileDto;
  invoice: InvoiceDataDto;
  /** the invoicing choice as GET answers it (never with the token) */
  invoiceSettings: InvoiceSettingsDto;
  /** the bodies of PUT /api/user/invoice-settings, as sent */
  settingsSent: unknown[];
  calls: Call[];
  /** Steps answering 500 until removed from the set. */
  failing: Set<FailingStep>;
  fetch: typeof fetch;
  XMLHttpRequest: typeof XMLHttpRequest;
  /** Calls of the profile API (/api/user/…), as 'METHOD /path'. */
  log: () => string[];
}

export function blankProfile(overrides: Partial<ProfileDto> = {}): ProfileDto {
  return {
    profileId: 1,
    userId: '00000000-0000-4000-8000-000000000001',
    firstname: '',
    lastname: '',
    fullname: '',
    phone: null,
    permissions: '',
    licenseNo: '',
    specialization: [],
    institution: '',
    imageUrl: null,
    cvUrl: null,
    cardUrl: null,
    linkedinUrl: null,
    facebookUrl: null,
    seolink: null,
    email: 'jan@example.pl',
    description: '',
    status: 'inactive',
    stripeAccountId: null,
    jobs: [],
    references: [],
    training_start: null,
    created_at: '2025-01-01T10:00:00.000Z',
    updated_at: '2025-01-01T10:00:00.000Z',
    licence: {
      state: 'unverified',
      method: null,
      verified_at: null,
      checked_at: null,
      reason: null,
      certificate_uploaded_at: null,
      register: 'legal_counsel',
      code: null,
    },
    offer_requirements: { profile_active: false, payment_account: false, licence_verified: false },
    ...overrides,
  };
}

export function completeProfile(overrides: Partial<ProfileDto> = {}): ProfileDto {
  return blankProfile({
    firstname: 'Jan',
    lastname: 'Kowalski',
    fullname: 'Jan Kowalski',
    phone: '48123456789',
    permissions: 'radca-prawny',
    licenseNo: 'WA-1234',
    specialization: ['prawo-cywilne', 'prawo-pracy'],
    institution: 'oirp-warszawa',
    description: 'Radca prawny z Warszawy.',
    seolink: 'jan-kowalski',
    jobs: [
      {
        positionName: 'Associate',
        employerName: 'Kancelaria X',
        monthStart: '3',
        yearStart: '2020',
        monthEnd: '',
        yearEnd: '',
        stillWorking: true,
      },
    ],
    ...overrides,
  });
}

interface Answer {
  status: number;
  body: unknown;
}

const internalError: Answer = failure(500, { message: 'Internal error', code: 'internal' });

/** The licence the register check answers with: confirmed now, by the register. */
function verifiedNow(licence: OwnLicence): OwnLicence {
  const now = new Date().toISOString();
  return {
    ...licence,
    state: 'verified',
    method: 'register',
    verified_at: now,
    checked_at: now,
    reason: null,
  };
}

/** The registry the fake answers POST /api/public/nip from. */
export const COMPANIES: Record<string, CompanyLookupDto> = {
  '7792364275': {
    name: 'Kancelaria Adwokacka Nowak',
    street: 'Święty Marcin',
    propertyNumber: '29',
    apartmentNumber: '8',
    zipCode: '61-806',
    city: 'Poznań',
  },
};

export function createFakeDashboardApi(
  profile: ProfileDto,
  { now = new Date(), invoice }: { now?: Date; invoice?: InvoiceDataDto } = {},
): FakeDashboardApi {
  const schema = profileSchemaAt(now);
  const api: FakeDashboardApi = {
    profile,
    invoice: invoice ?? {
      invoice_nip: '',
      invoice_company: '',
      invoice_street: '',
      invoice_postcode: '',
      invoice_city: '',
      invoice_bank_account: null,
    },
    invoiceSettings: {
      mode: 'prepare',
      number_pattern: 'FV/{nr}/{rok}',
      ksef_token_set: false,
      ksef_token_set_at: null,
      ksef_environment: 'sandbox',
    },
    settingsSent: [],
    calls: [],
    failing: new Set(),
    fetch: undefined as unknown as typeof fetch,
    XMLHttpRequest: undefined as unknown as typeof XMLHttpRequest,
    log: () => api.calls.filter((c) => c.path.startsWith('/api/user/')).map((c) => `${c.method} ${c.path}`),
  };

  function handle(method: string, path: string, body: unknown): Answer {
    api.calls.push({ method, path });
    const key = `${method} ${path}`;
    switch (key) {
      case 'GET /api/csrf-cookie':
      case 'POST /api/logout':
        return { status: 204, body: null };
      case 'GET /api/user/profile':
        return success('GET /api/user/profile', api.profile);
      case 'PUT /api/user/profile': {
        if (api.failing.has('profile')) return internalError;
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          return failure(400, {
            message: 'Invalid',
            code: 'validation.failed',
            errors: firstIssueByPath(parsed.error),
          });
        }
        const p = parsed.data;
        const allowed = institutionsForProfessionalType(p.permissions).some((i) => i.id === p.institution);
        if (!allowed) return failure(400, { message: 'Invalid', code: 'validation.failed', errors: {} });
        api.profile = {
          ...api.profile,
          ...p,
          phone: p.phone,
          linkedinUrl: p.linkedinUrl,
          facebookUrl: p.facebookUrl,
          email: api.profile.email,
          fullname: `${p.firstname} ${p.lastname}`,
          seolink: api.profile.seolink ?? `${p.firstname}-${p.lastname}`.toLowerCase(),
          updated_at: new Date().toISOString(),
        };
        return success('PUT /api/user/profile', api.profile);
      }
      case 'POST /api/user/profile/image': {
        if (api.failing.has('image')) return internalError;
        if (!(body instanceof Blob)) return failure(400, { message: 'No file', code: 'files.missing' });
        const imageUrl = 'profiles/1/photo.webp';
        api.profile = { ...api.profile, imageUrl };
        return success('POST /api/user/profile/image', { imageUrl });
      }
      case 'POST /api/user/profile/cv': {
        if (api.failing.has('cv')) return internalError;
        if (!(body instanceof Blob)) return failure(400, { message: 'No file', code: 'files.missing' });
        const cvUrl = 'profiles/1/cv.pdf';
        api.profile = { ...api.profile, cvUrl };
        return success('POST /api/user/profile/cv', { cvUrl });
      }
      case 'POST /api/user/profile/licence/check': {
        if (!api.profile.licence) return internalError;
        if (api.failing.has('licence'))
          return failure(429, { message: 'Too many requests', code: 'errors.too_many_requests' });
        api.profile = { ...api.profile, licence: verifiedNow(api.profile.licence) };
        return success('POST /api/user/profile/licence/check', { licence: api.profile.licence });
      }
      // Issue 30: the code '123456' is right; anything else uses a try.
      case 'POST /api/user/profile/licence/code': {
        const licence = api.profile.licence;
        if (!licence?.code) return failure(409, { message: 'No code', code: 'licence.code_not_awaited' });
        const typed = String((body as { code?: unknown } | null)?.code ?? '').replace(/\s/g, '');
        if (typed !== '123456') {
          const left = licence.code.attempts_left - 1;
          api.profile = {
            ...api.profile,
            licence: { ...licence, code: { ...licence.code, attempts_left: left } },
          };
          return left > 0
            ? failure(400, {
                message: 'Wrong',
                code: 'licence.code_wrong',
                errors: { code: 'licence.code_wrong' },
              })
            : failure(409, {
                message: 'Locked',
                code: 'licence.code_locked',
                errors: { code: 'licence.code_locked' },
              });
        }
        api.profile = {
          ...api.profile,
          licence: { ...verifiedNow(licence), code: null },
          offer_requirements: { ...api.profile.offer_requirements, licence_verified: true },
        };
        return success('POST /api/user/profile/licence/code', { licence: api.profile.licence });
      }
      case 'POST /api/user/profile/licence/code/resend': {
        const licence = api.profile.licence;
        if (!licence?.code) return failure(409, { message: 'No code', code: 'licence.code_not_awaited' });
        const now = new Date();
        api.profile = {
          ...api.profile,
          licence: {
            ...licence,
            code: {
              ...licence.code,
              attempts_left: 5,
              sent_at: now.toISOString(),
              expires_at: new Date(now.getTime() + 30 * 60_000).toISOString(),
              resend_at: new Date(now.getTime() + 60_000).toISOString(),
            },
          },
        };
        return success('POST /api/user/profile/licence/code/resend', { licence: api.profile.licence });
      }
      case 'POST /api/user/profile/licence/certificate': {
        if (!api.profile.licence || api.failing.has('licence')) return internalError;
        if (!(body instanceof Blob)) return failure(400, { message: 'No file', code: 'files.missing' });
        api.profile = {
          ...api.profile,
          licence: {
            ...api.profile.licence,
            state: 'manual_review',
            certificate_uploaded_at: new Date().toISOString(),
          },
        };
        return success('POST /api/user/profile/licence/certificate', { licence: api.profile.licence });
      }
      // The company registry (issue 34: the lawyer's own NIP fills in the billing data).
      case 'POST /api/public/nip': {
        const company = COMPANIES[(body as { nip: string }).nip];
        return company
          ? success('POST /api/public/nip', company)
          : failure(404, { message: 'Not found', code: 'company.not_found' });
      }
      case 'GET /api/user/profile/invoice':
        if (api.failing.has('invoice')) return internalError;
        return success('GET /api/user/profile/invoice', api.invoice);
      case 'PUT /api/user/profile/invoice': {
        if (api.failing.has('invoice')) return internalError;
        const parsed = providerInvoiceSchema.safeParse(body);
        if (!parsed.success) {
          return failure(400, {
            message: 'Invalid',
            code: 'validation.failed',
            errors: firstIssueByPath(parsed.error),
          });
        }
        api.invoice = parsed.data;
        return success('PUT /api/user/profile/invoice', api.invoice);
      }
      case 'GET /api/user/invoice-settings':
        return success('GET /api/user/invoice-settings', api.invoiceSettings);
      case 'PUT /api/user/invoice-settings': {
        api.settingsSent.push(body);
        const parsed = invoiceSettingsSchema.safeParse(body);
        if (!parsed.success) {
          return failure(400, {
            message: 'Invalid',
            code: 'validation.failed',
            errors: firstIssueByPath(parsed.error),
          });
        }
        const { mode, number_pattern, ksef_token } = parsed.data;
        const tokenSet = mode === 'issue' && (Boolean(ksef_token) || api.invoiceSettings.ksef_token_set);
        if (mode === 'issue' && !tokenSet) {
          return failure(400, {
            message: 'Token',
            code: 'invoices.token_required',
            errors: { ksef_token: 'invoices.token_required' },
          });
        }
        api.invoiceSettings = {
          ...api.invoiceSettings,
          mode,
          number_pattern,
          ksef_token_set: tokenSet,
          ksef_token_set_at: tokenSet
            ? ksef_token
              ? '2026-11-24T10:00:00.000Z'
              : api.invoiceSettings.ksef_token_set_at
            : null,
        };
        return success('PUT /api/user/invoice-settings', api.invoiceSettings);
      }
      case 'POST /api/user/profile/stripe/createaccount':
      case 'POST /api/user/profile/stripe/login':
        if (api.failing.has('stripe')) return internalError;
        return success('POST /api/user/profile/stripe/login', { url: 'https://connect.example/onboarding' });
      default:
        return failure(404, { message: 'Not found', code: 'route.not_found' });
    }
  }

  api.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = handle(method, url.pathname, body);
    return new Response(answer.body === null ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };

  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: {
      onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private path = '/';

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.path = new URL(url, 'http://localhost').pathname;
    }

    setRequestHeader() {}

    abort() {
      this.onabort?.();
    }

    send(body: FormData) {
      const file = body.get('file');
      queueMicrotask(() => {
        const size = file instanceof Blob ? file.size : 0;
        this.upload.onprogress?.({ lengthComputable: true, loaded: Math.floor(size / 2), total: size });
        this.upload.onprogress?.({ lengthComputable: true, loaded: size, total: size });
        const answer = handle(this.method, this.path, file);
        this.status = answer.status;
        this.responseText = answer.body === null ? '' : JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  api.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return api;
}

/** A PNG header of the given size: enough for the size check, which reads only the header. */
export function pngFile(width: number, height: number, name = 'photo.png'): File {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 13);
  bytes.set([0x49, 0x48, 0x44, 0x52], 12); // IHDR
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return new File([bytes], name, { type: 'image/png' });
}

export function pdfFile(name = 'cv.pdf'): File {
  return new File(['%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'], name, { type: 'application/pdf' });
}
