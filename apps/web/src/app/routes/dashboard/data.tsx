import { GoogleSignIn } from '@/features/auth';
import { MyDataRoute as MyDataFrame } from '@/features/dashboard/routes/my-data';

export const handle = { i18n: ['dashboard', 'auth', 'errors'] };

/** Moje dane, with the accounts feature's Google button for confirming a deletion without a password. */
export default function MyDataRoute() {
  return (
    <MyDataFrame
      googleConfirm={(onCredential) => <GoogleSignIn mode="signin" onCredential={onCredential} />}
    />
  );
}
