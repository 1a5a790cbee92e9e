export { TextField, type TextFieldProps } from './TextField';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { SelectField, type SelectFieldProps } from './SelectField';
export { PageLoader } from './PageLoader';
export { FormAlert } from './FormAlert';
export { AuthCard } from './AuthCard';
export { SubmitButton } from './SubmitButton';
export {
  useForm,
  schemaFieldErrors,
  type FieldProps,
  type FormErrors,
  type FormSchema,
  type FormValues,
  type UseFormOptions,
} from './use-form';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { EmptyTable, type EmptyTableProps } from './EmptyTable';
export { PageFrame, type PageFrameProps } from './PageFrame';
export { Section, type SectionProps } from './Section';
export { TableScroll, type TableScrollProps } from './TableScroll';
export { StepsSection, type Step } from './StepsSection';
export { RecordNotFoundPage, type RecordNotFoundPageProps } from './RecordNotFoundPage';
export {
  LoadingBlock,
  ErrorBlock,
  EmptyBlock,
  ListPlaceholder,
  Unavailable,
  QueryState,
  AfterFirstAnswers,
  type ErrorBlockProps,
  type QueryLike,
  type QueryStateProps,
} from './LoadState';
export { Pager, type PagerProps } from './Pager';
export { StatList, StatListPlaceholder, type Stat } from './StatList';
export { PageContainer, PAGE_WIDTHS, type PageContainerProps, type PageWidth } from './PageContainer';
export { CatalogueImage, type CatalogueImageProps } from './CatalogueImage';
export { PieSplitIllustration, ArtistRecordIllustration } from './Illustrations';
export { DataTable, type DataColumn, type DataTableProps } from './DataTable';
export { ReasonDialog } from './ReasonDialog';
export { ModalDialog, type ModalDialogProps } from './ModalDialog';
