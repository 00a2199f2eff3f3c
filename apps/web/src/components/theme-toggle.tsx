import { Moon, Sun } from 'lucide-react';
import { shellMessages } from '../config/messages';
import { useTheme } from '../lib/theme';
import { Button } from './ui/button';

export function ThemeToggle({ className }: { className?: string }) {
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'light' ? shellMessages.themeToLight : shellMessages.themeToDark;
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      aria-label={label}
      title={label}
      onClick={() => {
        setTheme(next);
      }}
    >
      {theme === 'dark' ? <Sun /> : <Moon />}
    </Button>
  );
}
