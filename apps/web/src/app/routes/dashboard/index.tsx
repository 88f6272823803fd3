import { Navigate } from 'react-router';
import { paths } from '@/config/paths';

/** /dashboard opens the profile tab (relative, so a language prefix stays). */
export default function DashboardIndex() {
  return <Navigate to={paths.dashboard.profile.path.slice(paths.dashboard.root.path.length + 1)} replace />;
}
