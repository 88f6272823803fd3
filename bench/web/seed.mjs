/**
 * The benchmark's lawyer (bench/web/run.mjs, and the before/after screenshots of decision 030):
 * an active profile with three jobs, three references, a photo, a verified licence and an offer,
 * made through the API of a server started in development mode (its demo accounts).
 */
import sharp from 'sharp';

/** The demo lawyer with an active profile (three jobs, three references, a photo) and an offer. */
export async function seedLawyer(base) {
  const csrfResponse = await fetch(`${base}/api/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrfResponse.headers.get('set-cookie') ?? '')?.[1];
  const call = async (method, url, { body, token, form } = {}) => {
    const headers = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      body: form ?? (body ? JSON.stringify(body) : undefined),
      redirect: 'manual',
    });
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text.startsWith('{') ? JSON.parse(text) : text;
  };

  const login = await call('POST', '/api/login', {
    body: { email: 'lawyer@substytut.local', password: 'Demo-Prawnik-Substytut' },
  });
  const { token, user } = login.data;
  await call('PUT', '/api/user/profile', {
    token,
    body: {
      firstname: 'Katarzyna',
      lastname: 'Wiśniewska',
      phone: '+48 600 100 200',
      permissions: 'adwokat',
      licenseNo: 'WAW/Adw/1234',
      specialization: ['prawo-cywilne', 'prawo-gospodarcze'],
      institution: 'ia-warszawa',
      description:
        'Adwokat z dziesięcioletnim doświadczeniem w sprawach cywilnych i gospodarczych. Zastępstwa procesowe w sądach warszawskich i mazowieckich.',
      linkedinUrl: 'linkedin.com/in/katarzyna-wisniewska',
      facebookUrl: '',
      jobs: [
        ['Adwokat', 'Kancelaria Wiśniewska', '03', '2019', '', '', true],
        ['Aplikant adwokacki', 'Kancelaria Nowak', '01', '2015', '12', '2018', false],
        ['Asystent prawny', 'Kancelaria Kowalski', '07', '2013', '12', '2014', false],
      ].map(([positionName, employerName, monthStart, yearStart, monthEnd, yearEnd, stillWorking]) => ({
        positionName,
        employerName,
        monthStart,
        yearStart,
        monthEnd,
        yearEnd,
        stillWorking,
      })),
      references: ['Jan Nowak', 'Anna Zielińska', 'Piotr Wójcik'].map((author) => ({
        author,
        description: 'Rzetelna, punktualna i świetnie przygotowana do każdej rozprawy.',
      })),
    },
  });
  // A photo-like picture (a gradient with noise) rather than a flat colour, so it weighs like one.
  const side = 800;
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < side * side; i++) {
    const x = i % side;
    const y = Math.floor(i / side);
    pixels[i * 3] = (x * 255) / side + Math.random() * 30;
    pixels[i * 3 + 1] = (y * 255) / side + Math.random() * 30;
    pixels[i * 3 + 2] = 128 + Math.random() * 60;
  }
  const photo = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg()
    .toBuffer();
  const upload = new FormData();
  upload.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  await call('POST', '/api/user/profile/image', { token, form: upload });

  await verifyLicence(call, token, photo);

  const onboarding = new URL(
    (await call('POST', '/api/user/profile/stripe/createaccount', { token })).data.url,
  );
  await call('POST', onboarding.pathname, {
    form: new URLSearchParams({ token: onboarding.searchParams.get('token') ?? '', action: 'complete' }),
  });
  const profile = (await call('GET', '/api/user/profile', { token })).data;
  if (profile.status !== 'active') throw new Error(`the profile is ${profile.status}, not active`);
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('sv-SE', {
    timeZone: 'Europe/Warsaw',
  });
  const offer = await call('POST', '/api/user/offer', {
    token,
    body: {
      title: 'Zastępstwo procesowe – SR Warszawa-Mokotów',
      expireDate: tomorrow,
      price: '250.00',
      description: '',
    },
  });
  return { token, user, seolink: profile.seolink, offerUrl: offer.data.offer.offerUrl };
}

/**
 * Offers need a verified licence (decision 023). The benchmark's lawyer is not in the sample
 * register, so it takes the path that does not depend on the register (nor on any later step
 * between a register match and 'verified'): the lawyer sends a chamber certificate, which puts the
 * licence in manual review, and the demo administrator approves it through the admin API.
 */
async function verifyLicence(call, token, certificate) {
  const upload = new FormData();
  upload.append('file', new Blob([certificate], { type: 'image/jpeg' }), 'certificate.jpg');
  const sent = (await call('POST', '/api/user/profile/licence/certificate', { token, form: upload })).data;
  if (sent.licence.state === 'verified') return;
  const admin = (
    await call('POST', '/api/login', {
      body: { email: 'admin@substytut.local', password: 'Demo-Admin-Substytut' },
    })
  ).data.token;
  const { items } = (await call('GET', '/api/admin/licence-reviews', { token: admin })).data;
  const review = items.find((item) => item.license_no === 'WAW/Adw/1234');
  if (!review) throw new Error('the seeded licence is not in the review list');
  const decided = (
    await call('POST', `/api/admin/licence-reviews/${review.profile_id}`, {
      token: admin,
      body: { decision: 'approve', reason: null },
    })
  ).data;
  if (decided.licence.state !== 'verified') throw new Error(`the licence is ${decided.licence.state}`);
}
