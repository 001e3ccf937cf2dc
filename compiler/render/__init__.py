"""What the pipeline renders: rules text in English, JSON Schemas, reference sheets and PDFs."""
