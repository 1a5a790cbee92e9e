import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CatalogueImage } from './CatalogueImage';

describe('a catalogue image', () => {
  it('shows the catalogue’s picture when there is one, decoratively', () => {
    const { container } = render(<CatalogueImage name="Ada Lovelace" imageUrl="http://localhost:4000/images/artist/a1/640" />);
    const frame = container.firstElementChild!;
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    expect(frame.getAttribute('data-catalogue-image')).toBe('picture');
    expect(frame.querySelector('img')!.getAttribute('src')).toBe('http://localhost:4000/images/artist/a1/640');
    expect(frame.querySelector('img')!.getAttribute('alt')).toBe('');
  });

  it('falls back to a tile of initials when there is none, or when it fails to load', () => {
    const none = render(<CatalogueImage name="Ada Lovelace" imageUrl={null} />);
    expect(none.container.firstElementChild!.getAttribute('data-catalogue-image')).toBe('tile');
    expect(none.container.textContent).toBe('AL');

    const broken = render(<CatalogueImage name="nova" imageUrl="http://localhost:4000/images/album/x/64" radius="sm" />);
    fireEvent.error(broken.container.querySelector('img')!);
    expect(broken.container.firstElementChild!.getAttribute('data-catalogue-image')).toBe('tile');
    expect(broken.container.textContent).toBe('N');
  });
});
