import type { ModalBodyProps } from '../../../components/modal/modal-types';
import { NoticeList } from './notice-list';

/** §2 notice modal: the notice list, opened on one entry when asked. */
export function NoticeModal({ props }: ModalBodyProps<'notice'>) {
  return <NoticeList initialId={props?.announcementId} />;
}
