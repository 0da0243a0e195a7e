import { legalPages } from '../../seeds/legal-pages';
import { legalPageModule } from './legal-page-template';

export const termsPage = legalPageModule(legalPages.terms);
