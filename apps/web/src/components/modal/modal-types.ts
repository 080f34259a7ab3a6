import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { Announcement } from '@jade/contracts/messages';

/** Props of the built-in message dialog (§6 warning, confirmations such as logout). */
export type DialogProps = {
  message: string;
  title?: string;
  confirmLabel?: string;
  /** A question with confirm and cancel; otherwise one OK button (§8 warning dialog). */
  isConfirm?: boolean;
  cancelLabel?: string;
  onConfirm?: () => void;
  onCancel?: () => void;
};

/**
 * Every modal the site can open, by name (§4: modals open and close by name), with the props each
 * takes. A feature adds its modal here and to the registry in app/modal-registry.tsx.
 */
export type ModalPropsMap = {
  /** The header's login form hands over what was typed; with both filled in, the popup logs in at once. */
  login: { username?: string; password?: string } | undefined;
  /** agentApplication: the /join sign-up, which also applies to become an agent. */
  register: { agentApplication?: boolean } | undefined;
  forgotPassword: undefined;
  changePassword: { isForced?: boolean } | undefined;
  notice: { announcementId?: number } | undefined;
  /** §4 the after-login popup: the current announcements it shows by type. */
  loginNotice: { announcements: Announcement[] };
  memberCenter: { item?: string } | undefined;
  agentCenter: { item?: string } | undefined;
  /** A vendor's whole game list (a catalogue entry whose isGame is VASSALAGE). */
  gameList: { vassalage: string; title: string };
  dialog: DialogProps;
};
export type ModalName = keyof ModalPropsMap;

/**
 * default: 600x300 (§9), closes on Escape, the close button or a click on the background.
 * member: the personal and agent centres; open 100 ms after being asked (§9) and ignore background clicks.
 * dialog: 400 wide; Enter confirms, Escape closes.
 */
export type ModalKind = 'default' | 'member' | 'dialog';

export type ModalBodyProps<N extends ModalName> = {
  props: ModalPropsMap[N];
  close: () => void;
};

export type ModalDefinition<N extends ModalName> = {
  kind: ModalKind;
  /** The heading the frame shows (and names the dialog by); the body is free to add its own. */
  title: (t: TFunction, props: ModalPropsMap[N]) => string;
  /** The body, usually a lazy chunk of its feature. */
  Body: ComponentType<ModalBodyProps<N>>;
  /** Overrides the kind's size, in CSS pixels; phones always get the full width. */
  width?: number;
  height?: number;
  /** False while the modal must stay open (a forced password change): no close button, Escape or background. */
  isDismissible?: (props: ModalPropsMap[N]) => boolean;
  /** Called when the visitor dismisses the modal (Escape, close button, background), not when the body closes it. */
  onDismiss?: (props: ModalPropsMap[N]) => void;
};

export type ModalRegistry = { [N in ModalName]: ModalDefinition<N> };

/** `open('login')` for modals without props, `open('notice', { announcementId })` for the others. */
export type ModalOpenArgs<N extends ModalName> = undefined extends ModalPropsMap[N]
  ? [props?: ModalPropsMap[N]]
  : [props: ModalPropsMap[N]];
