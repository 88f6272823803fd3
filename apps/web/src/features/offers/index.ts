/** What the app mounts into the dashboard's slots: the sidebar form and the history tab. */
export { OfferLinkForm } from './components/offer-link-form';
export { OffersHistory } from './components/offers-history';
export { CalendarFeedCard } from './components/calendar-feed';
