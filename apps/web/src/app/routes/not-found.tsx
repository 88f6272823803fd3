import { Component } from '@/features/errors/routes/not-found';

/** /404, prerendered; the server answers it with status 404 (apps/api web-app.ts). */
export default Component;
