import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import { useResources } from '../../../config/brand';
import { resourceLanguageFor } from '../../../i18n/i18n';

const ADVANCE_MS = 6000;

/** The home banners: the brand's BANNER resources, one at a time, advancing on their own. */
export function BannerCarousel() {
  const { t, i18n } = useTranslation();
  // A banner's image may come in every language: '{lang}' in its address stands for the member's
  // (vi, en ...), so the words drawn in the image are in the language of the page (decision 0035).
  const language = resourceLanguageFor(i18n.language);
  const banners = useResources('BANNER').map((banner) => ({
    ...banner,
    url: banner.url.replaceAll('{lang}', language),
  }));
  const [index, setIndex] = useState(0);
  const [isPaused, setIsPaused] = useState(false);
  const count = banners.length;

  useEffect(() => {
    if (count < 2 || isPaused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), ADVANCE_MS);
    return () => clearInterval(timer);
  }, [count, isPaused]);

  if (count === 0) return null;
  const go = (next: number) => setIndex((next + count) % count);

  return (
    <section
      className="banners"
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={() => setIsPaused(false)}
    >
      <div className="banners__track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((banner, i) => (
          <div
            key={banner.url}
            className="banners__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.slide', { index: i + 1, count })}
            aria-hidden={i !== index}
          >
            <img
              src={banner.url}
              alt={banner.labelNameEn ?? ''}
              width="1200"
              height="400"
              fetchPriority={i === 0 ? 'high' : 'low'}
            />
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="banners__step banners__step--prev"
            onClick={() => go(index - 1)}
            aria-label={t('home.previousBanner')}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="banners__step banners__step--next"
            onClick={() => go(index + 1)}
            aria-label={t('home.nextBanner')}
          >
            <ChevronRightIcon />
          </button>
          <div className="banners__dots">
            {banners.map((banner, i) => (
              <button
                key={banner.url}
                type="button"
                className="banners__dot"
                aria-current={i === index}
                aria-label={t('home.slide', { index: i + 1, count })}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
