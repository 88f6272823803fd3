/**
 * Leaving the app for another site (a payment page). One object, so a component test can watch
 * the departure: jsdom implements no navigation.
 */
export const externalNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};
