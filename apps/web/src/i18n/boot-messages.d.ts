declare module 'virtual:boot-messages' {
  /** The boot screens' messages by language (apps/web/build/boot-messages.ts). */
  const messages: Record<string, Record<string, unknown>>;
  export default messages;
}
