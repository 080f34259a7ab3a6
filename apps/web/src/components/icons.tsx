import type { ReactNode } from 'react';

export type IconProps = { size?: number };

/** Decorative line icons; the text or aria-label beside each carries the meaning. */
export function Icon({ size = 20, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);
export const ChevronLeftIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m15 6-6 6 6 6" />
  </Icon>
);
export const ChevronRightIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m9 6 6 6-6 6" />
  </Icon>
);
export const ChevronDownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);
export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </Icon>
);
export const HomeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 11 12 4l8 7v8.5a.5.5 0 0 1-.5.5H15v-6H9v6H4.5a.5.5 0 0 1-.5-.5z" />
  </Icon>
);
export const UserIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20c1.2-3.6 4-5.5 7.5-5.5s6.3 1.9 7.5 5.5" />
  </Icon>
);
export const WalletIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3" />
    <rect x="4" y="8" width="16" height="11" rx="2" />
    <path d="M16 13.5h1.5" />
  </Icon>
);
export const GiftIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="4" y="9" width="16" height="11" rx="1.5" />
    <path d="M3 9h18M12 9v11M12 9c-1.5-4-5-4.5-5.5-2.5S9 9 12 9zM12 9c1.5-4 5-4.5 5.5-2.5S15 9 12 9z" />
  </Icon>
);
export const MailIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
    <path d="m4 7 8 6 8-6" />
  </Icon>
);
export const BellIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </Icon>
);
export const CrownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m4 8 4 4 4-6 4 6 4-4-1.5 10h-13z" />
  </Icon>
);
export const ChatIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 5h14a1.5 1.5 0 0 1 1.5 1.5v9A1.5 1.5 0 0 1 19 17h-8l-4.5 3.5V17H5a1.5 1.5 0 0 1-1.5-1.5v-9A1.5 1.5 0 0 1 5 5z" />
    <path d="M8 10.5h8M8 13h5" />
  </Icon>
);
export const FacebookIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14.5 8H16V4.5h-2.2C11.3 4.5 10 6 10 8.4V10H8v3.5h2V20h3.5v-6.5h2.3L16.3 10h-2.8V8.8c0-.5.3-.8 1-.8z" />
  </Icon>
);
export const UsersIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="9" cy="8.5" r="3.5" />
    <path d="M2.5 19c.9-3 3.4-4.5 6.5-4.5s5.6 1.5 6.5 4.5M15.5 5.3a3.5 3.5 0 0 1 0 6.4M18 14.8c1.7.6 2.9 2 3.5 4.2" />
  </Icon>
);
export const AppleIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M16.5 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.2-2.8.8-3.5.8s-1.8-.8-3-.8c-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7 2-1.1 2.8-2.3c.9-1.3 1.2-2.5 1.3-2.6-.1 0-2.5-.9-2.5-3.7zM14.2 5.8c.6-.8 1.1-1.8 1-2.8-.9 0-2 .6-2.6 1.4-.6.7-1.1 1.7-1 2.7 1 .1 2-.5 2.6-1.3z" />
  </Icon>
);
export const AndroidIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 10h12v7.5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 6 17.5zM6 9a6 6 0 0 1 12 0zM8 3.5l1.5 2.5M16 3.5 14.5 6M3.5 11v5M20.5 11v5M9.5 19v2.5M14.5 19v2.5" />
  </Icon>
);
export const ProfileIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="5" y="3.5" width="14" height="17" rx="2.5" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </Icon>
);
export const DownloadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />
  </Icon>
);
export const FlameIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 21c3.9 0 6.5-2.6 6.5-6.2 0-3.9-3.2-6.2-4.2-10.3-2.3 1.6-3.4 4-3.3 6.4-1-.6-1.9-1.7-2.1-3C7.2 9.6 5.5 12 5.5 14.8 5.5 18.4 8.1 21 12 21z" />
  </Icon>
);
export const PlayIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M8 5.5v13l10.5-6.5z" />
  </Icon>
);
export const LogoutIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 4.5H6.5A1.5 1.5 0 0 0 5 6v12a1.5 1.5 0 0 0 1.5 1.5H14M10 12h10M16.5 8.5 20 12l-3.5 3.5" />
  </Icon>
);
export const BriefcaseIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="7" width="17" height="12" rx="2" />
    <path d="M9 7V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V7M3.5 12.5h17" />
  </Icon>
);
export const MenuIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);
export const HelpIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.6 9.5a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.7M12 17h.01" />
  </Icon>
);

/** One glyph per game category (§2 tabs), so the tabs and shortcuts read at a glance. */
export function CategoryIcon({ category, size = 22 }: { category: string; size?: number }) {
  switch (category) {
    case 'LOTT':
    case 'ELOTT':
      return (
        <Icon size={size}>
          <circle cx="8" cy="9" r="3.5" />
          <circle cx="16" cy="9" r="3.5" />
          <circle cx="12" cy="16" r="3.5" />
        </Icon>
      );
    case 'LIVE':
      return (
        <Icon size={size}>
          <rect x="4" y="4" width="10" height="14" rx="1.5" transform="rotate(-8 9 11)" />
          <rect x="10" y="6" width="10" height="14" rx="1.5" transform="rotate(8 15 13)" />
        </Icon>
      );
    case 'SPORTS':
      return (
        <Icon size={size}>
          <circle cx="12" cy="12" r="8.5" />
          <path d="m12 7.5 4 3-1.5 4.5h-5L8 10.5zM12 3.5v4M20.3 10l-4.3.5M16.8 19l-2.3-4M7.2 19l2.3-4M3.7 10l4.3.5" />
        </Icon>
      );
    case 'FISH':
      return (
        <Icon size={size}>
          <path d="M3 12c3-5 9-6 13-2.5L20.5 6v12L16 14.5C12 18 6 17 3 12z" />
          <circle cx="8" cy="11" r=".8" />
        </Icon>
      );
    case 'RNG':
      return (
        <Icon size={size}>
          <rect x="3.5" y="5" width="17" height="14" rx="2" />
          <path d="M9 5v14M15 5v14M5.5 12h2M11 12h2M16.5 12h2" />
        </Icon>
      );
    case 'PVP':
      return (
        <Icon size={size}>
          <path d="M12 4c2 3 6 5 6 8.5a3 3 0 0 1-5.2 2L14 20h-4l1.2-5.5A3 3 0 0 1 6 12.5C6 9 10 7 12 4z" />
        </Icon>
      );
    case 'ESPORTS':
      return (
        <Icon size={size}>
          <path d="M7 8h10a4 4 0 0 1 4 4.5l-.6 3.5a2 2 0 0 1-3.4 1L15 15H9l-2 2a2 2 0 0 1-3.4-1L3 12.5A4 4 0 0 1 7 8z" />
          <path d="M8 11v3M6.5 12.5h3M15.5 12h.01M17.5 13.5h.01" />
        </Icon>
      );
    case 'COCKFIGHT':
      return (
        <Icon size={size}>
          <path d="M8 20v-3c-2-1-3.5-3-3.5-5.5C4.5 8 7 6 9.5 6 10 4 11.5 3 13 3.5c-1 .5-1.2 1.5-1 2.5 3 .5 5 3 5 6l3 1.5-3 1c-.5 1.5-1.5 2.5-3 3V20" />
          <circle cx="10" cy="9" r=".6" />
        </Icon>
      );
    default:
      return (
        <Icon size={size}>
          <rect x="4" y="4" width="7" height="7" rx="1.5" />
          <rect x="13" y="4" width="7" height="7" rx="1.5" />
          <rect x="4" y="13" width="7" height="7" rx="1.5" />
          <rect x="13" y="13" width="7" height="7" rx="1.5" />
        </Icon>
      );
  }
}
