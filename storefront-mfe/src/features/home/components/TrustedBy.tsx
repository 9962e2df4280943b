/** Neutral, made-up company wordmarks, drawn inline (no external images). */
const COMPANIES: ReadonlyArray<{ name: string; mark: 'circle' | 'square' | 'triangle' | 'diamond' | 'ring' | 'bars' }> =
  [
    { name: 'Northwind', mark: 'triangle' },
    { name: 'Contoso', mark: 'circle' },
    { name: 'Fabrikam', mark: 'square' },
    { name: 'Globex', mark: 'ring' },
    { name: 'Initech', mark: 'diamond' },
    { name: 'Lumen', mark: 'bars' },
  ];

function Mark({ kind }: { kind: (typeof COMPANIES)[number]['mark'] }) {
  switch (kind) {
    case 'circle':
      return <circle cx="12" cy="16" r="9" fill="currentColor" />;
    case 'square':
      return <rect x="3" y="7" width="18" height="18" rx="4" fill="currentColor" />;
    case 'triangle':
      return <path d="M12 5l10 20H2z" fill="currentColor" />;
    case 'diamond':
      return <path d="M12 5l10 11-10 11L2 16z" fill="currentColor" />;
    case 'ring':
      return <circle cx="12" cy="16" r="8" fill="none" stroke="currentColor" strokeWidth="4" />;
    case 'bars':
      return (
        <g fill="currentColor">
          <rect x="2" y="14" width="5" height="11" rx="1" />
          <rect x="9.5" y="9" width="5" height="16" rx="1" />
          <rect x="17" y="5" width="5" height="20" rx="1" />
        </g>
      );
  }
}

function Wordmark({ name, mark }: (typeof COMPANIES)[number]) {
  return (
    <svg className="sf-logo-mark" width="150" height="32" viewBox="0 0 150 32" role="img" aria-label={name}>
      <Mark kind={mark} />
      <text x="30" y="23" fill="currentColor" fontSize="19" fontWeight="700" fontFamily="inherit" letterSpacing="0.5">
        {name}
      </text>
    </svg>
  );
}

export function TrustedBy() {
  return (
    <section className="sf-trusted" aria-labelledby="sf-trusted-title">
      <div className="sf-container">
        <h2 id="sf-trusted-title" className="sf-trusted-title">
          Trusted by learners from
        </h2>
        <ul className="sf-trusted-logos">
          {COMPANIES.map((company) => (
            <li key={company.name}>
              <Wordmark {...company} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
