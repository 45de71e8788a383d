import { useLocation } from 'react-router';
import { RECOVERY_PATHS } from '@shared/account-paths';
import ForgotPasswordPage from './ForgotPasswordPage';
import LoginPage from './LoginPage';
import ResetPasswordPage from './ResetPasswordPage';

/**
 * The sign-in pages as one bundle (sign in, forgot password, choose a new password): they are used one
 * after another, and one lazy route in the app's entry costs less than three (decision 004).
 */
export default function AuthPages() {
  const { pathname } = useLocation();
  if (pathname.startsWith(RECOVERY_PATHS.forgot)) return <ForgotPasswordPage />;
  if (pathname.startsWith(RECOVERY_PATHS.reset)) return <ResetPasswordPage />;
  return <LoginPage />;
}
