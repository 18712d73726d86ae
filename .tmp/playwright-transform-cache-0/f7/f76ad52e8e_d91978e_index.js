// b5b430b0c7814ab4d8a4993240148a699b8c125a
export * from './audit.ts';
export * from './company.ts';
export * from './company-lists.ts';
export * from './countries-currencies.ts';
export * from './default-dropdowns.ts';
export * from './errors.ts';
export * from './files.ts';
export * from './lists.ts';
export * from './messages.ts';
export * from './notifications.ts';
export * from './permissions.ts';
export * from './picklists.ts';
export * from './ports.ts';
export * from './profile.ts';
export * from './reference-data.ts';
export * from './roles.ts';
export * from './runtime-config.ts';
export * from './session.ts';
export * from './users.ts';
//# sourceMappingURL=data:application/json;charset=utf-8;base64,eyJ2ZXJzaW9uIjozLCJuYW1lcyI6W10sInNvdXJjZXMiOlsiaW5kZXgudHMiXSwic291cmNlc0NvbnRlbnQiOlsiZXhwb3J0ICogZnJvbSAnLi9hdWRpdC50cyc7XG5leHBvcnQgKiBmcm9tICcuL2NvbXBhbnkudHMnO1xuZXhwb3J0ICogZnJvbSAnLi9jb21wYW55LWxpc3RzLnRzJztcbmV4cG9ydCAqIGZyb20gJy4vY291bnRyaWVzLWN1cnJlbmNpZXMudHMnO1xuZXhwb3J0ICogZnJvbSAnLi9kZWZhdWx0LWRyb3Bkb3ducy50cyc7XG5leHBvcnQgKiBmcm9tICcuL2Vycm9ycy50cyc7XG5leHBvcnQgKiBmcm9tICcuL2ZpbGVzLnRzJztcbmV4cG9ydCAqIGZyb20gJy4vbGlzdHMudHMnO1xuZXhwb3J0ICogZnJvbSAnLi9tZXNzYWdlcy50cyc7XG5leHBvcnQgKiBmcm9tICcuL25vdGlmaWNhdGlvbnMudHMnO1xuZXhwb3J0ICogZnJvbSAnLi9wZXJtaXNzaW9ucy50cyc7XG5leHBvcnQgKiBmcm9tICcuL3BpY2tsaXN0cy50cyc7XG5leHBvcnQgKiBmcm9tICcuL3BvcnRzLnRzJztcbmV4cG9ydCAqIGZyb20gJy4vcHJvZmlsZS50cyc7XG5leHBvcnQgKiBmcm9tICcuL3JlZmVyZW5jZS1kYXRhLnRzJztcbmV4cG9ydCAqIGZyb20gJy4vcm9sZXMudHMnO1xuZXhwb3J0ICogZnJvbSAnLi9ydW50aW1lLWNvbmZpZy50cyc7XG5leHBvcnQgKiBmcm9tICcuL3Nlc3Npb24udHMnO1xuZXhwb3J0ICogZnJvbSAnLi91c2Vycy50cyc7XG4iXSwibWFwcGluZ3MiOiJBQUFBLGNBQWMsWUFBWTtBQUMxQixjQUFjLGNBQWM7QUFDNUIsY0FBYyxvQkFBb0I7QUFDbEMsY0FBYywyQkFBMkI7QUFDekMsY0FBYyx3QkFBd0I7QUFDdEMsY0FBYyxhQUFhO0FBQzNCLGNBQWMsWUFBWTtBQUMxQixjQUFjLFlBQVk7QUFDMUIsY0FBYyxlQUFlO0FBQzdCLGNBQWMsb0JBQW9CO0FBQ2xDLGNBQWMsa0JBQWtCO0FBQ2hDLGNBQWMsZ0JBQWdCO0FBQzlCLGNBQWMsWUFBWTtBQUMxQixjQUFjLGNBQWM7QUFDNUIsY0FBYyxxQkFBcUI7QUFDbkMsY0FBYyxZQUFZO0FBQzFCLGNBQWMscUJBQXFCO0FBQ25DLGNBQWMsY0FBYztBQUM1QixjQUFjLFlBQVkiLCJpZ25vcmVMaXN0IjpbXX0=