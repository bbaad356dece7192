import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ROUTES } from '@/lib/routes';
import { PageTitle } from './page-title';
import './page-header.css';

/**
 * The header of a page in the settings layout (Settings, Account, Import, the extension's page): its
 * title, which is the document's title too, and the way back to the board.
 */
export function PageHeader({ title }: { title: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <div className="page__header">
        <h1 className="page__title">{title}</h1>
        <Link to={ROUTES.board} className="back-link">
          <ArrowLeft size={16} aria-hidden="true" /> Back to Board
        </Link>
      </div>
    </>
  );
}
