import { apiProject } from './vitest.shared.ts';

export default apiProject(false);
