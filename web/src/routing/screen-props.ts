/** What every screen gets from the route it is mounted on. */
export interface ScreenProps {
  brandName: string;
  params: Readonly<Record<string, string | undefined>>;
}
