import type { ReactNode } from 'react';

/** The frame of every signed-out screen: the brand, a heading and the form. */
export const AuthCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <main className="auth-page">
    <div className="auth-card">
      <div className="auth-brand">
        <img src="/favicon.svg" alt="" width={36} height={36} />
        <h1>Cargodesk</h1>
      </div>
      <h2 className="auth-card__title">{title}</h2>
      {children}
    </div>
  </main>
);
