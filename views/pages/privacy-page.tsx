import { legalPages } from '../../seeds/legal-pages';
import { legalPageModule } from './legal-page-template';

export const privacyPage = legalPageModule(legalPages.privacy);
