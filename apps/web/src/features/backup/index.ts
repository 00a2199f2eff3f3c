export { BackupScreen } from './components/backup-screen';
