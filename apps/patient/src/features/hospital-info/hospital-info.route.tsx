import type { ReactElement } from 'react';
import { ContentDetailScreen } from './content-detail-screen';
import { FaqScreen } from './faq-screen';
import { GuideSearchScreen } from './guide-search-screen';
import { NoticeListScreen } from './notice-list-screen';
import { ServiceHomeScreen } from './service-home-screen';

/** One shape for the six routes, so the route table can load them alike; `idx` where the path has one. */
type HospitalInfoRoute = (props: { idx: string }) => ReactElement;

/** The hospital information routes (spec §2, issue 14); hospital area only. */
export const NoticeListRoute: HospitalInfoRoute = () => <NoticeListScreen />;
export const FaqRoute: HospitalInfoRoute = () => <FaqScreen />;
export const NewsDetailRoute: HospitalInfoRoute = ({ idx }) => <ContentDetailScreen idx={idx} from="news" />;
export const GuideSearchRoute: HospitalInfoRoute = () => <GuideSearchScreen />;
export const GuideDetailRoute: HospitalInfoRoute = ({ idx }) => (
  <ContentDetailScreen idx={idx} from="guide" />
);
export const ServiceHomeRoute: HospitalInfoRoute = () => <ServiceHomeScreen />;
