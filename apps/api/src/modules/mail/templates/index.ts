// Every e-mail the app sends is rendered by a template in this folder, on the shared layout.
export {
  COMPANY,
  PRODUCT_NAME,
  escapeHtml,
  renderLayout,
  webUrl,
  type LayoutInput,
  type MailContext,
  type MailLocale,
} from './layout.ts';
export { resetPasswordMail, type ResetPasswordInput } from './reset-password.ts';
export { failedLoginsMail, registrationAttemptMail, type AccountNoticeInput } from './account-notices.ts';
export { verifyEmailMail, type VerifyEmailInput } from './verify-email.ts';
export {
  dataExportReadyMail,
  dataRequestMail,
  type DataExportReadyInput,
  type DataRequestInput,
} from './my-data.ts';
export {
  licenceClaimedMail,
  licenceCodeMail,
  licenceOutcomeMail,
  type LicenceCodeMailInput,
  type LicenceMailInput,
  type LicenceMailKind,
} from './licence.ts';
export { invoiceMail, type InvoiceMailInput } from './invoices.ts';
