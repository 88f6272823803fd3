import { Careers } from '../pending-routes';

export default Careers;
