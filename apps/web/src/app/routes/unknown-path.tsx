import { data } from 'react-router';
import { Component } from '@/features/errors/routes/not-found';

/** Any address that is no page: the not-found page, with status 404 for crawlers and monitors. */
export function loader() {
  return data(null, { status: 404 });
}

export default Component;
