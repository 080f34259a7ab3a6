import { feedbackResponse, type FeedbackRequest } from '@jade/contracts/system';
import { apiSend } from '../../../api/client';

/** §7 PUT /wps/feedback (public; the token rides along when there is one). */
export const sendFeedback = (input: FeedbackRequest) =>
  apiSend('PUT', '/wps/feedback', input, feedbackResponse);
